/* The compiled helpers of the engine's hot paths, the same functions as pure-Python ones (the
 * reference: they stay, and are used when this module is not built or ATOUT_PURE_PYTHON is set):
 * - a position's JSON: `card_codes`, `common_json` and `RecordJSON` (`atout/cards.py`, `atout/game.py`);
 * - a state's fields read and written in place: `Slots` (`atout/fields.py`: the snapshot `apply`
 *   keeps for undo, undo itself, a clone).
 * The tests make both on the positions of thousands of random parties of every game and compare them.
 *
 * `set_cards()` and `set_helpers()` hand this module the Python tables and helpers it reads (the codes of the cards, the
 * Card type, and the Python functions it calls for what is rare: a mover that is not a seat, actions
 * other than cards, an outcome, options not met just before). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *codes_table;   /* tuple: each card's code by id (atout.cards.CARD_CODES) */
static PyObject *card_type;     /* atout.cards.Card */
static PyObject *suit_letters;  /* tuple of "S", "H", "D", "C" */
static PyObject *table_json;    /* (options, sides) -> (options JSON, sides JSON) */
static PyObject *mover_json;    /* to_move < 0 -> "chance" / "none" */
static PyObject *codes_json;    /* actions -> their codes (the general case) */
static PyObject *action_codes;  /* dict: id of an action (not a card) -> its code (atout.game._ACTION_CODES) */
static PyObject *outcome_json;  /* outcome -> JSON */
static PyObject *last_options, *last_sides, *last_table;   /* the last table's JSON, kept */

static PyObject *k_game, *k_options, *k_seat, *k_num_seats, *k_sides, *k_phase, *k_to_move, *k_hand,
    *k_hand_sizes, *k_trump, *k_trick, *k_scores, *k_legal, *k_outcome, *k_log_length, *k_hand_log_start,
    *k_card, *a_log, *a_hand_start;

/* Append the codes of the cards of `bits` (64 bits from card `base`) to `out`. */
static int
append_codes(PyObject *out, unsigned long long bits, Py_ssize_t base)
{
    Py_ssize_t size = PyTuple_GET_SIZE(codes_table);
    while (bits) {
        Py_ssize_t card = base + __builtin_ctzll(bits);
        if (card >= size) {
            PyErr_Format(PyExc_ValueError, "no card %zd", card);
            return -1;
        }
        if (PyList_Append(out, PyTuple_GET_ITEM(codes_table, card)) < 0)
            return -1;
        bits &= bits - 1;
    }
    return 0;
}

static PyObject *
card_codes(PyObject *module, PyObject *bits)
{
    if (codes_table == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups is not configured");
        return NULL;
    }
    if (!PyLong_Check(bits)) {
        PyErr_Format(PyExc_TypeError, "card_codes takes an int, not %.100s", Py_TYPE(bits)->tp_name);
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    unsigned long long low = PyLong_AsUnsignedLongLong(bits);
    if (!(low == (unsigned long long)-1 && PyErr_Occurred())) {   /* 64 bits at most: the usual case */
        if (append_codes(out, low, 0) < 0)
            Py_CLEAR(out);
        return out;
    }
    if (!PyErr_ExceptionMatches(PyExc_OverflowError))
        goto fail;
    PyErr_Clear();
    PyObject *zero = PyLong_FromLong(0), *sixty_four = PyLong_FromLong(64), *rest = Py_NewRef(bits);
    int negative = zero == NULL ? -1 : PyObject_RichCompareBool(bits, zero, Py_LT);
    if (negative > 0)
        PyErr_SetString(PyExc_ValueError, "card_codes takes a set of cards, not a negative int");
    Py_ssize_t base = 0;
    int more = negative == 0 && sixty_four != NULL;
    while (more) {
        low = PyLong_AsUnsignedLongLongMask(rest);
        if ((low == (unsigned long long)-1 && PyErr_Occurred()) || append_codes(out, low, base) < 0)
            break;
        PyObject *next = PyNumber_Rshift(rest, sixty_four);
        Py_SETREF(rest, next);
        if (next == NULL || (more = PyObject_IsTrue(next)) < 0)
            break;
        base += 64;
    }
    Py_XDECREF(zero);
    Py_XDECREF(sixty_four);
    Py_XDECREF(rest);
    if (!PyErr_Occurred())
        return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* The codes of `actions`: a card's from the table, another action's from action_codes (by its id); when
 * an action has no code there yet (met for the first time), codes_json(actions) makes them all. */
static PyObject *
legal_codes(PyObject *actions)
{
    if (!PyTuple_CheckExact(actions))
        return PyObject_CallOneArg(codes_json, actions);
    Py_ssize_t n = PyTuple_GET_SIZE(actions), size = PyTuple_GET_SIZE(codes_table);
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *action = PyTuple_GET_ITEM(actions, i), *code;
        if (Py_TYPE(action) == (PyTypeObject *)card_type) {
            Py_ssize_t card = PyLong_AsSsize_t(action);
            if (card < 0 || card >= size) {
                Py_DECREF(out);
                return PyErr_Occurred() ? NULL : PyErr_Format(PyExc_ValueError, "no card %zd", card);
            }
            code = PyTuple_GET_ITEM(codes_table, card);
        }
        else {
            PyObject *id = PyLong_FromVoidPtr(action);
            code = id == NULL ? NULL : PyDict_GetItemWithError(action_codes, id);
            Py_XDECREF(id);
            if (code == NULL) {
                Py_DECREF(out);
                return PyErr_Occurred() ? NULL : PyObject_CallOneArg(codes_json, actions);
            }
        }
        PyList_SET_ITEM(out, i, Py_NewRef(code));
    }
    return out;
}

/* Set out[key] = value, stealing the reference to value; -1 on error (value NULL included). */
static int
put(PyObject *out, PyObject *key, PyObject *value)
{
    if (value == NULL)
        return -1;
    int failed = PyDict_SetItem(out, key, value);
    Py_DECREF(value);
    return failed;
}

static PyObject *
trick_json(PyObject *trick)
{
    PyObject *items = PySequence_Fast(trick, "a trick is a sequence of (seat, card)");
    if (items == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    PyObject *out = PyList_New(n);
    if (out == NULL)
        goto fail;
    Py_ssize_t size = PyTuple_GET_SIZE(codes_table);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(items, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "a trick's plays are (seat, card) pairs");
            goto fail;
        }
        Py_ssize_t card = PyLong_AsSsize_t(PyTuple_GET_ITEM(pair, 1));
        if (card < 0 || card >= size) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "no card %zd", card);
            goto fail;
        }
        PyObject *play = PyDict_New();
        if (play == NULL)
            goto fail;
        PyList_SET_ITEM(out, i, play);
        if (PyDict_SetItem(play, k_seat, PyTuple_GET_ITEM(pair, 0)) < 0
            || PyDict_SetItem(play, k_card, PyTuple_GET_ITEM(codes_table, card)) < 0)
            goto fail;
    }
    Py_DECREF(items);
    return out;
fail:
    Py_XDECREF(out);
    Py_DECREF(items);
    return NULL;
}

/* The JSON of the table's options and sides, a new reference: the last pair's, or table_json's (kept). */
static PyObject *
table_pair(PyObject *options, PyObject *sides)
{
    if (options == last_options && sides == last_sides && last_table != NULL)
        return Py_NewRef(last_table);
    PyObject *made = PyObject_CallFunctionObjArgs(table_json, options, sides, NULL);
    if (made == NULL)
        return NULL;
    if (!PyTuple_Check(made) || PyTuple_GET_SIZE(made) != 2) {
        Py_DECREF(made);
        PyErr_SetString(PyExc_TypeError, "table_json returns (options JSON, sides JSON)");
        return NULL;
    }
    Py_INCREF(options);
    Py_INCREF(sides);
    Py_XSETREF(last_options, options);
    Py_XSETREF(last_sides, sides);
    Py_XSETREF(last_table, Py_NewRef(made));
    return made;
}

/* The JSON of one common field from its value (a new reference, NULL on error). */
typedef PyObject *(*maker)(PyObject *value);

static PyObject *
as_is(PyObject *value)
{
    return Py_NewRef(value);
}

static PyObject *
hand_json(PyObject *hand)
{
    return hand == Py_None ? Py_NewRef(Py_None) : card_codes(NULL, hand);
}

static PyObject *
mover(PyObject *to_move)
{
    long seat = PyLong_AsLong(to_move);
    if (seat == -1 && PyErr_Occurred())
        return NULL;
    return seat >= 0 ? Py_NewRef(to_move) : PyObject_CallOneArg(mover_json, to_move);
}

static PyObject *
trump_json(PyObject *trump)
{
    if (trump == Py_None)
        return Py_NewRef(Py_None);
    Py_ssize_t suit = PyLong_AsSsize_t(trump);
    if (suit == -1 && PyErr_Occurred())
        return NULL;
    if (suit < 0 || suit > 3)
        return PyErr_Format(PyExc_ValueError, "no suit %zd", suit);
    return Py_NewRef(PyTuple_GET_ITEM(suit_letters, suit));
}

static PyObject *
trick_or_empty(PyObject *trick)
{
    int any = PyObject_IsTrue(trick);
    return any < 0 ? NULL : any ? trick_json(trick) : PyList_New(0);
}

static PyObject *
legal_or_empty(PyObject *legal)
{
    int any = PyObject_IsTrue(legal);
    return any < 0 ? NULL : any ? legal_codes(legal) : PyList_New(0);
}

static PyObject *
outcome_or_none(PyObject *outcome)
{
    return outcome == Py_None ? Py_NewRef(Py_None) : PyObject_CallOneArg(outcome_json, outcome);
}

/* out[key] = make(obs.<key>) */
static int
put_field(PyObject *out, PyObject *obs, PyObject *key, maker make)
{
    PyObject *value = PyObject_GetAttr(obs, key);
    if (value == NULL)
        return -1;
    PyObject *made = make(value);
    Py_DECREF(value);
    return put(out, key, made);
}

static PyObject *
common_json(PyObject *module, PyObject *obs)
{
    if (codes_table == NULL || outcome_json == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups is not configured");
        return NULL;
    }
    PyObject *options = PyObject_GetAttr(obs, k_options);
    PyObject *sides = options == NULL ? NULL : PyObject_GetAttr(obs, k_sides);
    PyObject *table = sides == NULL ? NULL : table_pair(options, sides);
    PyObject *out = table == NULL ? NULL : PyDict_New();
    PyObject *log = NULL;
    int failed = out == NULL
        || put_field(out, obs, k_game, as_is) < 0 || PyDict_SetItem(out, k_options, PyTuple_GET_ITEM(table, 0)) < 0
        || put_field(out, obs, k_seat, as_is) < 0 || put_field(out, obs, k_num_seats, as_is) < 0
        || PyDict_SetItem(out, k_sides, PyTuple_GET_ITEM(table, 1)) < 0 || put_field(out, obs, k_phase, as_is) < 0
        || put_field(out, obs, k_to_move, mover) < 0 || put_field(out, obs, k_hand, hand_json) < 0
        || put_field(out, obs, k_hand_sizes, PySequence_List) < 0 || put_field(out, obs, k_trump, trump_json) < 0
        || put_field(out, obs, k_trick, trick_or_empty) < 0 || put_field(out, obs, k_scores, PySequence_List) < 0
        || put_field(out, obs, k_legal, legal_or_empty) < 0 || put_field(out, obs, k_outcome, outcome_or_none) < 0
        || (log = PyObject_GetAttr(obs, a_log)) == NULL;
    if (!failed) {
        Py_ssize_t length = PyObject_Size(log);
        failed = length < 0 || put(out, k_log_length, PyLong_FromSsize_t(length)) < 0
            || put(out, k_hand_log_start, PyObject_GetAttr(log, a_hand_start)) < 0;
    }
    Py_XDECREF(log);
    Py_XDECREF(table);
    Py_XDECREF(sides);
    Py_XDECREF(options);
    if (failed)
        Py_CLEAR(out);
    return out;
}

static PyObject *
set_cards(PyObject *module, PyObject *args)
{
    PyObject *codes, *card;
    if (!PyArg_ParseTuple(args, "O!O!:set_cards", &PyTuple_Type, &codes, &PyType_Type, &card))
        return NULL;
    Py_XSETREF(codes_table, Py_NewRef(codes));
    Py_XSETREF(card_type, Py_NewRef(card));
    Py_RETURN_NONE;
}

static PyObject *
set_helpers(PyObject *module, PyObject *args)
{
    PyObject *suits, *table, *mover, *codes_of, *codes_by_id, *outcome;
    if (!PyArg_ParseTuple(args, "O!OOOO!O:set_helpers", &PyTuple_Type, &suits, &table, &mover, &codes_of, &PyDict_Type,
                          &codes_by_id, &outcome))
        return NULL;
    if (PyTuple_GET_SIZE(suits) != 4) {
        PyErr_SetString(PyExc_ValueError, "four suit letters");
        return NULL;
    }
    Py_XSETREF(suit_letters, Py_NewRef(suits));
    Py_XSETREF(table_json, Py_NewRef(table));
    Py_XSETREF(mover_json, Py_NewRef(mover));
    Py_XSETREF(codes_json, Py_NewRef(codes_of));
    Py_XSETREF(action_codes, Py_NewRef(codes_by_id));
    Py_XSETREF(outcome_json, Py_NewRef(outcome));
    Py_CLEAR(last_options);
    Py_CLEAR(last_sides);
    Py_CLEAR(last_table);
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------------------------ RecordJSON */

typedef struct {
    PyObject_HEAD
    PyObject *keys;     /* tuple: each field's key, or None */
    PyObject *makers;   /* tuple: each field's maker, or None */
    PyObject *last;     /* the last record, or NULL */
    PyObject *made;     /* its JSON, or NULL */
} RecordJSONObject;

static int
record_init(RecordJSONObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *fields;
    if (!PyArg_ParseTuple(args, "O:RecordJSON", &fields))
        return -1;
    PyObject *items = PySequence_Tuple(fields);
    if (items == NULL)
        return -1;
    Py_ssize_t n = PyTuple_GET_SIZE(items);
    PyObject *keys = PyTuple_New(n), *makers = PyTuple_New(n);
    if (keys == NULL || makers == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PyTuple_GET_ITEM(items, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "RecordJSON takes (key, maker) pairs");
            goto fail;
        }
        PyObject *key = PyTuple_GET_ITEM(pair, 0), *make = PyTuple_GET_ITEM(pair, 1);
        if (key != Py_None && !PyUnicode_Check(key)) {
            PyErr_SetString(PyExc_TypeError, "a RecordJSON key is a str or None");
            goto fail;
        }
        PyTuple_SET_ITEM(keys, i, Py_NewRef(key));
        PyTuple_SET_ITEM(makers, i, Py_NewRef(make));
    }
    Py_DECREF(items);
    Py_XSETREF(self->keys, keys);
    Py_XSETREF(self->makers, makers);
    Py_CLEAR(self->last);
    Py_CLEAR(self->made);
    return 0;
fail:
    Py_XDECREF(keys);
    Py_XDECREF(makers);
    Py_DECREF(items);
    return -1;
}

static PyObject *
record_call(RecordJSONObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *record;
    if (kwds != NULL && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "RecordJSON takes no keyword argument");
        return NULL;
    }
    if (PyTuple_GET_SIZE(args) != 1) {
        PyErr_SetString(PyExc_TypeError, "RecordJSON takes one record");
        return NULL;
    }
    record = PyTuple_GET_ITEM(args, 0);
    if (!PyTuple_Check(record)) {
        PyErr_Format(PyExc_TypeError, "RecordJSON takes a tuple, not %.100s", Py_TYPE(record)->tp_name);
        return NULL;
    }
    if (self->keys == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "RecordJSON not initialised");
        return NULL;
    }
    if (self->last == record)
        return Py_NewRef(self->made);
    /* what this call reads, held: a maker may run other Python code, which may call this object */
    PyObject *keys = Py_NewRef(self->keys), *makers = Py_NewRef(self->makers), *last = Py_XNewRef(self->last);
    PyObject *made = NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(record);
    if (n != PyTuple_GET_SIZE(keys)) {
        PyErr_Format(PyExc_ValueError, "a record of %zd fields for %zd", n, PyTuple_GET_SIZE(keys));
        goto done;
    }
    int whole = last == NULL || PyTuple_GET_SIZE(last) != n;
    made = whole ? PyDict_New() : PyDict_Copy(self->made);
    if (made == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *key = PyTuple_GET_ITEM(keys, i);
        if (key == Py_None)
            continue;
        PyObject *value = PyTuple_GET_ITEM(record, i);
        if (!whole && PyTuple_GET_ITEM(last, i) == value)
            continue;
        PyObject *make = PyTuple_GET_ITEM(makers, i);
        PyObject *json = make == Py_None ? Py_NewRef(value) : PyObject_CallOneArg(make, value);
        if (put(made, key, json) < 0) {
            Py_CLEAR(made);
            goto done;
        }
    }
    Py_XSETREF(self->last, Py_NewRef(record));
    Py_XSETREF(self->made, Py_NewRef(made));
done:
    Py_DECREF(keys);
    Py_DECREF(makers);
    Py_XDECREF(last);
    return made;
}

static int
record_traverse(RecordJSONObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->keys);
    Py_VISIT(self->makers);
    Py_VISIT(self->last);
    Py_VISIT(self->made);
    return 0;
}

static int
record_clear(RecordJSONObject *self)
{
    Py_CLEAR(self->keys);
    Py_CLEAR(self->makers);
    Py_CLEAR(self->last);
    Py_CLEAR(self->made);
    return 0;
}

static void
record_dealloc(RecordJSONObject *self)
{
    PyObject_GC_UnTrack(self);
    record_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject RecordJSONType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "atout._speedups.RecordJSON",
    .tp_doc = PyDoc_STR("The JSON of a record's fields, made again only for the fields that changed "
                        "(atout.game.RecordJSON, compiled)."),
    .tp_basicsize = sizeof(RecordJSONObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)record_init,
    .tp_call = (ternaryfunc)record_call,
    .tp_traverse = (traverseproc)record_traverse,
    .tp_clear = (inquiry)record_clear,
    .tp_dealloc = (destructor)record_dealloc,
};

/* ------------------------------------------------------------------------------------ Slots */

/* A class's slotted fields, read and written straight at their places in the object (what
 * `atout.fields.getter`, `setter` and `copier` do through attribute lookups): a state's snapshot
 * for undo, its undo, its clone. Made only for names that are the class's own slots (member
 * descriptors of objects) and a class that reads and writes its attributes the usual way; an
 * object of any other class (a subclass too: it may put a property over a slot) is read and
 * written through its attributes. */

#include <structmember.h>

typedef struct {
    PyObject_HEAD
    PyTypeObject *owner;
    PyObject *names;        /* tuple of str */
    Py_ssize_t *offsets;    /* each field's place in an object of `owner` */
} SlotsObject;

static int
slots_init(SlotsObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *owner, *names;
    if (!PyArg_ParseTuple(args, "O!O!:Slots", &PyType_Type, &owner, &PyTuple_Type, &names))
        return -1;
    PyTypeObject *type = (PyTypeObject *)owner;
    if (type->tp_getattro != PyObject_GenericGetAttr || type->tp_setattro != PyObject_GenericSetAttr) {
        PyErr_Format(PyExc_ValueError, "%.100s reads or writes its attributes its own way", type->tp_name);
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(names);
    Py_ssize_t *offsets = PyMem_Malloc(sizeof(Py_ssize_t) * (n ? n : 1));
    if (offsets == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *name = PyTuple_GET_ITEM(names, i);
        if (!PyUnicode_Check(name)) {
            PyErr_SetString(PyExc_TypeError, "Slots: names are str");
            goto fail;
        }
        PyObject *found = PyObject_GetAttr(owner, name);    /* a member descriptor gives itself */
        if (found == NULL) {
            if (!PyErr_ExceptionMatches(PyExc_AttributeError))
                goto fail;
            PyErr_Clear();
        }
        int slot = found != NULL && Py_IS_TYPE(found, &PyMemberDescr_Type)
                   && ((PyMemberDescrObject *)found)->d_member->type == T_OBJECT_EX
                   && !(((PyMemberDescrObject *)found)->d_member->flags & READONLY)
                   && PyType_IsSubtype((PyTypeObject *)owner, PyDescr_TYPE(found));
        if (slot)
            offsets[i] = ((PyMemberDescrObject *)found)->d_member->offset;
        Py_XDECREF(found);
        if (!slot) {
            PyErr_Format(PyExc_ValueError, "%R is not a slot of %.100s", name, ((PyTypeObject *)owner)->tp_name);
            goto fail;
        }
    }
    Py_XSETREF(self->owner, (PyTypeObject *)Py_NewRef(owner));
    Py_XSETREF(self->names, Py_NewRef(names));
    PyMem_Free(self->offsets);
    self->offsets = offsets;
    return 0;
fail:
    PyMem_Free(offsets);
    return -1;
}

static int
slots_ready(SlotsObject *self)
{
    if (self->names == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Slots not initialised");
        return 0;
    }
    return 1;
}

#define SLOT(obj, offset) ((PyObject **)((char *)(obj) + (offset)))

static PyObject *
slots_get(SlotsObject *self, PyObject *obj)
{
    if (!slots_ready(self))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(self->names);
    PyObject *out = PyTuple_New(n);
    if (out == NULL)
        return NULL;
    int direct = Py_IS_TYPE(obj, self->owner);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *value;
        if (direct) {
            value = *SLOT(obj, self->offsets[i]);
            if (value == NULL) {
                PyErr_Format(PyExc_AttributeError, "'%.100s' object has no attribute %R", Py_TYPE(obj)->tp_name,
                             PyTuple_GET_ITEM(self->names, i));
                Py_DECREF(out);
                return NULL;
            }
            Py_INCREF(value);
        }
        else if ((value = PyObject_GetAttr(obj, PyTuple_GET_ITEM(self->names, i))) == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, value);
    }
    return out;
}

/* The fields of `target` set to `values` in order (the values held while they are set: a value
 * replaced may run Python code as it goes). */
static int
set_fields(SlotsObject *self, PyObject *target, PyObject *const *values)
{
    Py_ssize_t n = PyTuple_GET_SIZE(self->names);
    if (!Py_IS_TYPE(target, self->owner)) {
        for (Py_ssize_t i = 0; i < n; i++)
            if (PyObject_SetAttr(target, PyTuple_GET_ITEM(self->names, i), values[i]) < 0)
                return -1;
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        Py_XSETREF(*SLOT(target, self->offsets[i]), Py_NewRef(values[i]));
    return 0;
}

static PyObject *
slots_put(SlotsObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "put(target, values)");
        return NULL;
    }
    if (!slots_ready(self))
        return NULL;
    PyObject *values = PySequence_Fast(args[1], "put: the values are a sequence");
    if (values == NULL)
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(self->names), got = PySequence_Fast_GET_SIZE(values);
    int done = -1;
    if (got != n)
        PyErr_Format(PyExc_ValueError, "%zd values for %zd fields", got, n);
    else
        done = set_fields(self, args[0], PySequence_Fast_ITEMS(values));
    Py_DECREF(values);
    return done < 0 ? NULL : Py_NewRef(Py_None);
}

static PyObject *
slots_copy(SlotsObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "copy(source, target)");
        return NULL;
    }
    PyObject *values = slots_get(self, args[0]);
    if (values == NULL)
        return NULL;
    int done = set_fields(self, args[1], ((PyTupleObject *)values)->ob_item);
    Py_DECREF(values);
    return done < 0 ? NULL : Py_NewRef(Py_None);
}

static int
slots_traverse(SlotsObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->owner);
    Py_VISIT(self->names);
    return 0;
}

static int
slots_clear(SlotsObject *self)
{
    Py_CLEAR(self->owner);
    Py_CLEAR(self->names);
    return 0;
}

static void
slots_dealloc(SlotsObject *self)
{
    PyObject_GC_UnTrack(self);
    slots_clear(self);
    PyMem_Free(self->offsets);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef slots_methods[] = {
    {"get", (PyCFunction)slots_get, METH_O, "get(source): the fields' values, a tuple in order."},
    {"put", (PyCFunction)(void (*)(void))slots_put, METH_FASTCALL, "put(target, values): the fields set, in order."},
    {"copy", (PyCFunction)(void (*)(void))slots_copy, METH_FASTCALL,
     "copy(source, target): every field of source set on target."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SlotsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "atout._speedups.Slots",
    .tp_doc = PyDoc_STR("Slots(cls, names): a class's slotted fields read and written in place "
                        "(atout.fields.getter, setter and copier, compiled)."),
    .tp_basicsize = sizeof(SlotsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)slots_init,
    .tp_methods = slots_methods,
    .tp_traverse = (traverseproc)slots_traverse,
    .tp_clear = (inquiry)slots_clear,
    .tp_dealloc = (destructor)slots_dealloc,
};

/* ------------------------------------------------------------------------------------ the module */

static PyMethodDef methods[] = {
    {"set_cards", set_cards, METH_VARARGS, "set_cards(CARD_CODES, Card): the codes of the cards, by id."},
    {"set_helpers", set_helpers, METH_VARARGS,
     "set_helpers(suit letters, table_json, mover_json, codes_json, action codes, outcome_json): what common_json "
     "reads and calls."},
    {"card_codes", card_codes, METH_O, "The codes of a bitmask's cards, lowest id first."},
    {"common_json", common_json, METH_O, "The common part of a position's JSON."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "atout._speedups", "Compiled helpers of the engine's hot paths (atout.compiled).", -1, methods,
};

#define INTERN(var, text) if ((var = PyUnicode_InternFromString(text)) == NULL) return NULL

PyMODINIT_FUNC
PyInit__speedups(void)
{
    INTERN(k_game, "game");
    INTERN(k_options, "options");
    INTERN(k_seat, "seat");
    INTERN(k_num_seats, "num_seats");
    INTERN(k_sides, "sides");
    INTERN(k_phase, "phase");
    INTERN(k_to_move, "to_move");
    INTERN(k_hand, "hand");
    INTERN(k_hand_sizes, "hand_sizes");
    INTERN(k_trump, "trump");
    INTERN(k_trick, "trick");
    INTERN(k_scores, "scores");
    INTERN(k_legal, "legal");
    INTERN(k_outcome, "outcome");
    INTERN(k_log_length, "log_length");
    INTERN(k_hand_log_start, "hand_log_start");
    INTERN(k_card, "card");
    INTERN(a_log, "log");
    INTERN(a_hand_start, "hand_start");
    if (PyType_Ready(&RecordJSONType) < 0 || PyType_Ready(&SlotsType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL)
        return NULL;
    if (PyModule_AddObjectRef(module, "RecordJSON", (PyObject *)&RecordJSONType) < 0
        || PyModule_AddObjectRef(module, "Slots", (PyObject *)&SlotsType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
