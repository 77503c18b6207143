/* The compiled helpers of the engine's hot paths, the same functions as pure-Python ones (the
 * reference: they stay, and are used when this module is not built or ATOUT_PURE_PYTHON is set):
 * - a position's JSON: `card_codes`, `common_json` and `PositionJSON` (`atout/cards.py`, `atout/game.py`);
 * - a state's fields read and written in place: `Slots` (`atout/fields.py`: the snapshot `apply`
 *   keeps for undo, undo itself, a clone);
 * - a viewer's log: `log_view` (`atout/log.py`); Whist's observation: `whist_observe`
 *   (`atout/games/whist/observation.py`); Sizette's and Quadrette's: `sizette_observe`
 *   (`atout/games/sizette/observation.py`); Bésigue's and Piquet's: `besigue_observe`, `piquet_observe`
 *   (`atout/games/besigue/observation.py`, `atout/games/piquet/observation.py`); a Piquet deal's score:
 *   `piquet_score` (`atout/games/piquet/play.py`);
 * - the card play of the trick games, listed and played: `CardPlay` (`atout/card_play.py`).
 * The tests make both on the positions of thousands of random parties of every game and compare them.
 *
 * `set_cards()` and `set_helpers()` hand this module the Python tables and helpers it reads (the codes of the cards, the
 * Card type, and the Python functions it calls for what is rare: a mover that is not a seat, actions
 * other than cards, an outcome, options not met just before). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#if defined(__GNUC__)
/* A refusal is rare: the code that sets one is laid out away from the code that runs (denser lines of
 * instructions in the observation's hot paths). The same declarations as Python.h's, marked cold. */
PyAPI_FUNC(void) PyErr_SetString(PyObject *, const char *) __attribute__((cold));
PyAPI_FUNC(PyObject *) PyErr_Format(PyObject *, const char *, ...) __attribute__((cold));
PyAPI_FUNC(PyObject *) PyErr_NoMemory(void) __attribute__((cold));
PyAPI_FUNC(int) PyErr_BadArgument(void) __attribute__((cold));
#endif

static PyObject *codes_table;   /* tuple: each card's code by id (atout.cards.CARD_CODES) */
static PyObject *cards_table;   /* tuple: each Card by id (atout.cards.ALL_CARDS) */
static PyObject *card_type;     /* atout.cards.Card */
static PyObject *cardset_type;  /* atout.cards.CardSet */
static PyObject *suit_letters;  /* tuple of "S", "H", "D", "C" */
static PyObject *table_json;    /* (options, sides) -> (options JSON, sides JSON) */
static PyObject *mover_json;    /* to_move < 0 -> "chance" / "none" */
static PyObject *codes_json;    /* actions -> their codes (the general case) */
static PyObject *code_of;       /* an action -> its code, kept in action_codes (atout.game.action_code) */
static PyObject *action_codes;  /* dict: id of an action (not a card) -> its code (atout.game._ACTION_CODES) */
static PyObject *outcome_json;  /* outcome -> JSON */
static PyObject *frozen_table;   /* frozen_made's: the id of a value to (value, its JSON) (atout.game._FROZEN_JSON) */
static Py_ssize_t frozen_limit;  /* its entries, at most */
static PyObject *last_options, *last_sides, *last_table;   /* the last table's JSON, kept */
static PyTypeObject *lv_type;   /* LogView (set_log) */
static Py_ssize_t lv_stop_at, lv_start_at;   /* where a LogView holds its length and its hand's start */

static PyObject *k_game, *k_options, *k_seat, *k_num_seats, *k_sides, *k_phase, *k_to_move, *k_hand,
    *k_hand_sizes, *k_trump, *k_trick, *k_scores, *k_legal, *k_outcome, *k_log_length, *k_hand_log_start,
    *k_card, *k_leader, *k_cards, *k_winner, *a_log, *a_hand_start;

/* Append the items of `table` (by card id) of the cards of `bits` (64 bits from card `base`) to `out`. */
static int
append_items(PyObject *out, PyObject *table, unsigned long long bits, Py_ssize_t base)
{
    Py_ssize_t size = PyTuple_GET_SIZE(table);
    while (bits) {
        Py_ssize_t card = base + __builtin_ctzll(bits);
        if (card >= size) {
            PyErr_Format(PyExc_ValueError, "no card %zd", card);
            return -1;
        }
        if (PyList_Append(out, PyTuple_GET_ITEM(table, card)) < 0)
            return -1;
        bits &= bits - 1;
    }
    return 0;
}

/* The int `value` (an int or a subclass: a Card) into *out when it holds at most one digit: 1; else 0, and the
 * caller reads it the long way. The digit read as it is (`PyLong_AsLong` is a call and checks for overflow). */
static inline int
compact_int(PyObject *value, long *out)
{
#if PY_VERSION_HEX >= 0x030C0000
    if (!PyUnstable_Long_IsCompact((PyLongObject *)value))
        return 0;
    *out = (long)PyUnstable_Long_CompactValue((PyLongObject *)value);
    return 1;
#else
    Py_ssize_t size = Py_SIZE(value);
    if (size < -1 || size > 1)
        return 0;
    *out = (long)size * (long)((PyLongObject *)value)->ob_digit[0];
    return 1;
#endif
}

/* The non-negative int `value` below 2**64 as its 64 bits: 1; 0 when it is negative or larger (no error set).
 * The digits read directly (`PyLong_AsUnsignedLongLong` goes through a byte array: several times slower). */
static inline int
u64_of(PyObject *value, unsigned long long *bits)
{
#if PY_VERSION_HEX < 0x030C0000 && PYLONG_BITS_IN_DIGIT == 30
    Py_ssize_t digits = Py_SIZE(value);   /* a card set has at most three 30-bit digits: read them as they are */
    const digit *d = ((PyLongObject *)value)->ob_digit;
    if (digits >= 0 && digits <= 2) {
        *bits = digits == 0 ? 0 : digits == 1 ? (unsigned long long)d[0] : (unsigned long long)d[0] | (unsigned long long)d[1] << 30;
        return 1;
    }
    if (digits == 3 && d[2] < 16) {
        *bits = (unsigned long long)d[0] | (unsigned long long)d[1] << 30 | (unsigned long long)d[2] << 60;
        return 1;
    }
#endif
    if (_PyLong_Sign(value) < 0)
        return 0;
    size_t size = _PyLong_NumBits(value);
    if (size > 64) {
        if (size == (size_t)-1)
            PyErr_Clear();   /* more bits than a size_t counts */
        return 0;
    }
    *bits = PyLong_AsUnsignedLongLongMask(value);
    return 1;
}

static int long_bytes(PyObject *value, unsigned char *bytes, size_t size);   /* below */

/* The items of `table` (by card id) of the cards of `bits` (64 bits), lowest id first, as new references into
 * `into` (room for one per card): 0, or -1 with a ValueError (a card past the table; `into` then holds none). */
static int
low_items(PyObject *table, unsigned long long bits, PyObject **into)
{
    Py_ssize_t size = PyTuple_GET_SIZE(table), n = 0;
    for (; bits; bits &= bits - 1) {
        Py_ssize_t card = __builtin_ctzll(bits);
        if (card >= size) {
            PyErr_Format(PyExc_ValueError, "no card %zd", card);
            while (n)
                Py_CLEAR(into[--n]);
            return -1;
        }
        into[n++] = Py_NewRef(PyTuple_GET_ITEM(table, card));
    }
    return 0;
}

/* The items of `table` (by card id) of the cards of the set `bits`, lowest id first: a list. */
static PyObject *
items_of(PyObject *table, PyObject *bits, const char *name)
{
    if (table == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups is not configured");
        return NULL;
    }
    if (!PyLong_Check(bits)) {
        PyErr_Format(PyExc_TypeError, "%s takes an int, not %.100s", name, Py_TYPE(bits)->tp_name);
        return NULL;
    }
    unsigned long long low;
    if (u64_of(bits, &low)) {   /* 64 bits at most: the usual case, made to size */
        PyObject *made = PyList_New(__builtin_popcountll(low));
        if (made != NULL && low_items(table, low, ((PyListObject *)made)->ob_item) < 0)
            Py_CLEAR(made);
        return made;
    }
    if (_PyLong_Sign(bits) > 0 && _PyLong_NumBits(bits) <= 256) {   /* four packs and the jokers: read as bytes */
        unsigned char bytes[32];
        unsigned long long words[4] = {0};
        if (long_bytes(bits, bytes, 32) < 0)
            return NULL;
        for (int b = 0; b < 32; b++)
            words[b / 8] |= (unsigned long long)bytes[b] << (8 * (b % 8));
        Py_ssize_t size = PyTuple_GET_SIZE(table), count = 0, i = 0;
        for (int w = 0; w < 4; w++)
            count += __builtin_popcountll(words[w]);
        PyObject *made = PyList_New(count);
        for (int w = 0; made != NULL && w < 4; w++)
            for (unsigned long long word = words[w]; word; word &= word - 1, i++) {
                Py_ssize_t card = 64 * w + __builtin_ctzll(word);
                if (card >= size) {
                    PyErr_Format(PyExc_ValueError, "no card %zd", card);
                    Py_CLEAR(made);
                    break;
                }
                PyList_SET_ITEM(made, i, Py_NewRef(PyTuple_GET_ITEM(table, card)));
            }
        return made;
    }
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    PyObject *zero = PyLong_FromLong(0), *sixty_four = PyLong_FromLong(64), *rest = Py_NewRef(bits);
    int negative = zero == NULL ? -1 : PyObject_RichCompareBool(bits, zero, Py_LT);
    if (negative > 0)
        PyErr_Format(PyExc_ValueError, "%s takes a set of cards, not a negative int", name);
    Py_ssize_t base = 0;
    int more = negative == 0 && sixty_four != NULL;
    while (more) {
        low = PyLong_AsUnsignedLongLongMask(rest);
        if ((low == (unsigned long long)-1 && PyErr_Occurred()) || append_items(out, table, low, base) < 0)
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
    Py_DECREF(out);
    return NULL;
}

static PyObject *
card_codes(PyObject *module, PyObject *bits)
{
    return items_of(codes_table, bits, "card_codes");
}

static PyObject *
cards_of(PyObject *module, PyObject *bits)
{
    return items_of(cards_table, bits, "cards_of");
}

/* The non-negative int `value` as `size` bytes, little-endian: 0, or -1 with an error set (too large). */
static int
long_bytes(PyObject *value, unsigned char *bytes, size_t size)
{
#if PY_VERSION_HEX >= 0x030D0000
    return _PyLong_AsByteArray((PyLongObject *)value, bytes, size, 1, 0, 1);
#else
    return _PyLong_AsByteArray((PyLongObject *)value, bytes, size, 1, 0);
#endif
}

/* A CardSet of the bits `value` (an int), a new reference. */
static PyObject *
cardset_of(PyObject *value)
{
    if (cardset_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups: set_cards() first");
        return NULL;
    }
#if PY_VERSION_HEX < 0x030C0000
    if (PyLong_Check(value)) {   /* an int's digits copied, as int.__new__(CardSet, value) does, without its arguments */
        PyLongObject *from = (PyLongObject *)value;
        Py_ssize_t size = Py_SIZE(from), digits = size < 0 ? -size : size;
        if (digits == 0)
            digits = 1;   /* zero too holds one digit */
        PyLongObject *copy = (PyLongObject *)((PyTypeObject *)cardset_type)->tp_alloc((PyTypeObject *)cardset_type, digits);
        if (copy == NULL)
            return NULL;
        Py_SET_SIZE(copy, size);
        memcpy(copy->ob_digit, from->ob_digit, digits * sizeof(digit));
        return (PyObject *)copy;
    }
#endif
    PyObject *args = PyTuple_Pack(1, value);
    if (args == NULL)
        return NULL;
    PyObject *made = PyLong_Type.tp_new((PyTypeObject *)cardset_type, args, NULL);
    Py_DECREF(args);
    return made;
}

/* The CardSet of the set of card ids `bytes` (32 bytes, little-endian: up to 256 cards): a new reference, or NULL. */
static PyObject *
cardset_of_bytes(const unsigned char *bytes)
{
    PyObject *bits = _PyLong_FromByteArray(bytes, 32, 1, 0);
    PyObject *made = bits == NULL ? NULL : cardset_of(bits);
    Py_XDECREF(bits);
    return made;
}

/* The CardSet of `bits` (an int) kept in *kept for the bits kept in *kept_bits while they stay equal (the
 * cards played, from one position to the next: as atout.game.KeptCardSet keeps it), borrowed; NULL on error. */
static PyObject *
kept_cardset(PyObject *bits, PyObject **kept_bits, PyObject **kept)
{
    int same = *kept_bits == NULL || *kept == NULL ? 0 : PyObject_RichCompareBool(bits, *kept_bits, Py_EQ);
    if (same < 0)
        return NULL;
    if (!same) {
        PyObject *made = cardset_of(bits);
        if (made == NULL)
            return NULL;
        Py_XSETREF(*kept, made);
        Py_XSETREF(*kept_bits, Py_NewRef(bits));
    }
    return *kept;
}

/* The CardSet of seat `s`'s hand `bits` (an int): the one made last for that seat while its cards stay the same
 * (a seat's hand changes when it plays, not at every position), borrowed; NULL on error. */
#define KEPT_HANDS 8
static PyObject *kept_hand_bits[KEPT_HANDS], *kept_hand[KEPT_HANDS];

static PyObject *
seat_cardset(long s, PyObject *bits)
{
    if (s < 0 || s >= KEPT_HANDS) {
        PyErr_Format(PyExc_ValueError, "no seat %ld for a kept hand", s);
        return NULL;
    }
    return kept_cardset(bits, &kept_hand_bits[s], &kept_hand[s]);
}

/* The pair (seat, card) of a trick, a new reference: one tuple per seat below 8 and card id below 64, made when
 * first asked and shared by every trick that holds it (a tuple of immutable values, as a new one would be). */
#define PAIR_SEATS 8
static PyObject *seat_card_pairs[PAIR_SEATS * 64];
static long small_int(PyObject *value);   /* below */

static PyObject *
seat_card(PyObject *seat, PyObject *card)
{
    long s = PyLong_CheckExact(seat) ? small_int(seat) : -1, c = small_int(card);
    if (s < 0 || s >= PAIR_SEATS || c < 0 || c >= 64)
        return PyTuple_Pack(2, seat, card);
    PyObject **slot = &seat_card_pairs[s * 64 + c];
    if (*slot == NULL || PyTuple_GET_ITEM(*slot, 0) != seat || PyTuple_GET_ITEM(*slot, 1) != card) {
        PyObject *pair = PyTuple_Pack(2, seat, card);
        if (pair == NULL)
            return NULL;
        Py_XSETREF(*slot, pair);
    }
    return Py_NewRef(*slot);
}

/* `atout.dealing.pure_deal_cards`: from `pack` (card ids, top first), each hand a CardSet of the cards at its
 * positions (`hands`: a tuple of tuples), the talon the cards at its positions in order, and the pack's
 * cards: a tuple (hands, talon, cards). */
static PyObject *
deal_cards(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyTuple_Check(args[1]) || !PyTuple_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "deal_cards(pack, hands' positions, talon's positions)");
        return NULL;
    }
    if (cards_table == NULL || cardset_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups is not configured");
        return NULL;
    }
    PyObject *pack = PySequence_Fast(args[0], "deal_cards: the pack is a sequence of card ids");
    if (pack == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(pack), known = PyTuple_GET_SIZE(cards_table);
    PyObject **ids = PySequence_Fast_ITEMS(pack);
    PyObject *cards = PyTuple_New(n), *hands = NULL, *talon = NULL, *out = NULL;
    if (cards == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        long id = PyLong_Check(ids[i]) ? PyLong_AsLong(ids[i]) : -1;
        if (id < 0 || id >= known || id >= 256) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_IndexError, "deal_cards: no card %R", ids[i]);
            goto done;
        }
        PyTuple_SET_ITEM(cards, i, Py_NewRef(PyTuple_GET_ITEM(cards_table, id)));
    }
    Py_ssize_t seats = PyTuple_GET_SIZE(args[1]), size = PyTuple_GET_SIZE(args[2]);
    if ((hands = PyTuple_New(seats)) == NULL || (talon = PyTuple_New(size)) == NULL)
        goto done;
    for (Py_ssize_t seat = 0; seat < seats; seat++) {
        PyObject *positions = PyTuple_GET_ITEM(args[1], seat);
        unsigned char bytes[32] = {0};
        if (!PyTuple_Check(positions)) {
            PyErr_SetString(PyExc_TypeError, "deal_cards: a hand's positions are a tuple");
            goto done;
        }
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(positions); k++) {
            Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(positions, k));
            if (at < 0 || at >= n) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_IndexError, "deal_cards: a position past the pack");
                goto done;
            }
            long id = PyLong_AsLong(ids[at]);
            bytes[id >> 3] |= (unsigned char)(1u << (id & 7));
        }
        PyObject *hand = cardset_of_bytes(bytes);
        if (hand == NULL)
            goto done;
        PyTuple_SET_ITEM(hands, seat, hand);
    }
    for (Py_ssize_t k = 0; k < size; k++) {
        Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(args[2], k));
        if (at < 0 || at >= n) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_IndexError, "deal_cards: a position past the pack");
            goto done;
        }
        PyTuple_SET_ITEM(talon, k, Py_NewRef(PyTuple_GET_ITEM(cards, at)));
    }
    out = PyTuple_Pack(3, hands, talon, cards);
done:
    Py_DECREF(pack);
    Py_XDECREF(cards);
    Py_XDECREF(hands);
    Py_XDECREF(talon);
    return out;
}

/* `atout.dealing.shuffled`'s order: `items` in a list, then the draw `code` (an int in [0, n!)) read as the
 * mixed-radix digits of a Fisher–Yates shuffle, from radix n down to 2, each digit r swapping the item at
 * i (= radix - 1) with the item at r (`pure_shuffle`, the reference). The number is divided in 32-bit
 * limbs by the product of as many radices as fit in 32 bits at once; its remainder gives those digits. */
static PyObject *
shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyLong_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "shuffle(code, items): code is an int");
        return NULL;
    }
    PyObject *code = args[0];
    if (_PyLong_Sign(code) < 0) {
        PyErr_SetString(PyExc_ValueError, "shuffle: a negative code");
        return NULL;
    }
    PyObject *out = PySequence_List(args[1]);
    if (out == NULL)
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(out);
    size_t bits = _PyLong_NumBits(code);
    if (bits == (size_t)-1 && PyErr_Occurred()) {
        Py_DECREF(out);
        return NULL;
    }
    Py_ssize_t count = (Py_ssize_t)(bits / 32 + 1), top = count - 1;
    uint32_t small[64], *limbs = count <= 64 ? small : PyMem_Malloc(count * sizeof(uint32_t));
    unsigned char *bytes = PyMem_Malloc(count * 4);
    if (limbs == NULL || bytes == NULL) {
        if (limbs != small)
            PyMem_Free(limbs);
        PyMem_Free(bytes);
        Py_DECREF(out);
        return PyErr_NoMemory();
    }
    int failed = long_bytes(code, bytes, count * 4);
    if (failed == 0)
        for (Py_ssize_t k = 0; k < count; k++)
            limbs[k] = (uint32_t)bytes[4 * k] | (uint32_t)bytes[4 * k + 1] << 8 | (uint32_t)bytes[4 * k + 2] << 16
                       | (uint32_t)bytes[4 * k + 3] << 24;
    PyMem_Free(bytes);
    if (failed != 0) {
        if (limbs != small)
            PyMem_Free(limbs);
        Py_DECREF(out);
        return NULL;
    }
    PyObject **item = ((PyListObject *)out)->ob_item;
    Py_ssize_t i = n - 1;
    while (i > 0) {
        uint64_t group = 1;
        Py_ssize_t j = i;
        while (j > 0 && group * (uint64_t)(j + 1) <= 0xFFFFFFFFu) {
            group *= (uint64_t)(j + 1);
            j--;
        }
        uint64_t rest = 0;   /* the number divided by the radices i + 1 … j + 2: its remainder */
        for (Py_ssize_t k = top; k >= 0; k--) {
            uint64_t current = rest << 32 | limbs[k];
            limbs[k] = (uint32_t)(current / group);
            rest = current % group;
        }
        while (top > 0 && limbs[top] == 0)
            top--;
        for (; i > j; i--) {
            Py_ssize_t r = (Py_ssize_t)(rest % (uint64_t)(i + 1));
            rest /= (uint64_t)(i + 1);
            PyObject *swap = item[i];
            item[i] = item[r];
            item[r] = swap;
        }
    }
    if (limbs != small)
        PyMem_Free(limbs);
    return out;
}

/* The codes of actions that are not cards, by the action's address: what action_codes holds by id,
 * read without making an int of the id. Each entry holds a reference to its action and its code (the
 * address stays that action's); filled as actions are met, up to half its size, which doubles then (from
 * a size that stays in a core's cache: a partie meets a few thousand actions) up to CODE_SLOTS_MAX;
 * emptied when the helpers are set again. */
#define CODE_SLOTS_MIN (1 << 12)
#define CODE_SLOTS_MAX (1 << 20)
typedef struct { PyObject *key, *value; } AddressSlot;   /* an object, held, by its address, and what it gives */
static AddressSlot *code_slots;
static Py_ssize_t code_slots_size, code_slots_used;

/* The slot of `key` in `slots` (of `size`, a power of two): its own, or the empty one where it would go. */
static Py_ssize_t
address_slot_in(AddressSlot *slots, Py_ssize_t size, PyObject *key)
{
    size_t h = ((size_t)key >> 4) * 0x9E3779B97F4A7C15ull >> 40 & (size_t)(size - 1);
    while (slots[h].key != NULL && slots[h].key != key)
        h = (h + 1) & (size_t)(size - 1);
    return (Py_ssize_t)h;
}

/* The table `*slots` of `*size` slots made twice as large (`least` when empty), its entries placed again: 0, or -1
 * when it cannot be (past `most`, or no memory; no error set). */
static int
address_slots_grow(AddressSlot **slots, Py_ssize_t *size, Py_ssize_t least, Py_ssize_t most)
{
    Py_ssize_t grown = *size ? *size * 2 : least;
    AddressSlot *made = grown > most ? NULL : PyMem_Calloc((size_t)grown, sizeof(AddressSlot));
    if (made == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < *size; i++)
        if ((*slots)[i].key != NULL)
            made[address_slot_in(made, grown, (*slots)[i].key)] = (*slots)[i];
    PyMem_Free(*slots);
    *slots = made;
    *size = grown;
    return 0;
}

/* The entries of a table taken from its owner (which holds none of them any more) let go, the table freed. */
static void
address_slots_free(AddressSlot *slots, Py_ssize_t size)
{
    for (Py_ssize_t i = 0; i < size; i++) {
        Py_XDECREF(slots[i].key);
        Py_XDECREF(slots[i].value);
    }
    PyMem_Free(slots);
}

/* The table made for one more action: 0, or -1 when it cannot grow (no error set: the caller keeps none). */
static int
code_slots_room(void)
{
    if (code_slots_used < code_slots_size / 2)
        return 0;
    return address_slots_grow(&code_slots, &code_slots_size, CODE_SLOTS_MIN, CODE_SLOTS_MAX);
}

static void
clear_code_slots(void)
{
    AddressSlot *slots = code_slots;
    Py_ssize_t size = code_slots_size;
    code_slots = NULL;
    code_slots_size = code_slots_used = 0;
    address_slots_free(slots, size);
}

/* The code of an action that is not a card (a borrowed reference), or NULL when action_codes has none
 * (an error set only if the lookup failed). */
static PyObject *
action_code(PyObject *action)
{
    if (code_slots_size) {
        AddressSlot *slot = &code_slots[address_slot_in(code_slots, code_slots_size, action)];
        if (slot->key == action)
            return slot->value;
    }
    PyObject *id = PyLong_FromVoidPtr(action);
    PyObject *code = id == NULL ? NULL : PyDict_GetItemWithError(action_codes, id);
    Py_XDECREF(id);
    if (code != NULL && PyUnicode_CheckExact(code) && code_slots_room() == 0) {
        AddressSlot *slot = &code_slots[address_slot_in(code_slots, code_slots_size, action)];
        slot->key = Py_NewRef(action);
        slot->value = Py_NewRef(code);
        code_slots_used++;
    }
    return code;
}

/* The code of `card` (an int: a card's id) from the table, borrowed; NULL with an error when it is not a card's id
 * (a ValueError for an int out of the table). */
static PyObject *
card_code_of(PyObject *card)
{
    Py_ssize_t id = PyLong_AsSsize_t(card);
    if (id >= 0 && id < PyTuple_GET_SIZE(codes_table))
        return PyTuple_GET_ITEM(codes_table, id);
    if (!PyErr_Occurred())
        PyErr_Format(PyExc_ValueError, "no card %zd", id);
    return NULL;
}

/* The codes of `actions`: a card's from the table, another action's from action_codes (by its id); an
 * action with no code there yet (met for the first time) has its code made by code_of, which keeps it. */
static PyObject *
legal_codes(PyObject *actions)
{
    if (!PyTuple_CheckExact(actions))
        return PyObject_CallOneArg(codes_json, actions);
    Py_ssize_t n = PyTuple_GET_SIZE(actions);
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *action = PyTuple_GET_ITEM(actions, i), *code;
        if (Py_TYPE(action) == (PyTypeObject *)card_type) {
            if ((code = card_code_of(action)) == NULL) {
                Py_DECREF(out);
                return NULL;
            }
        }
        else if ((code = action_code(action)) == NULL) {
            if (PyErr_Occurred() || (code = PyObject_CallOneArg(code_of, action)) == NULL) {
                Py_DECREF(out);
                return NULL;
            }
            PyList_SET_ITEM(out, i, code);
            continue;
        }
        PyList_SET_ITEM(out, i, Py_NewRef(code));
    }
    return out;
}

/* The last listings of each seat below LEGAL_SEATS (whichever table they were at: its cards, a command, its talk…)
 * and their codes, held; the next one replaces the oldest. */
#define LEGAL_SEATS 8
#define LEGAL_KEPT 4
static PyObject *seat_legal[LEGAL_SEATS][LEGAL_KEPT], *seat_legal_codes[LEGAL_SEATS][LEGAL_KEPT];
static unsigned char seat_legal_next[LEGAL_SEATS];

/* The JSON of what `seat` may do (`legal`): the list of one of the seat's last listings when it is the same one
 * again (shared, read only, as a position's shared values are); else its codes (legal_codes), kept for the
 * next time when the listing is a long one (a short one, a seat's cards mostly, is listed anew at each decision:
 * its codes are made again, in place when they can be: refill). */
#define LEGAL_LONG 16
static PyObject *
legal_json(PyObject *seat, PyObject *legal)
{
    int any = PyObject_IsTrue(legal);
    if (any <= 0)
        return any < 0 ? NULL : PyList_New(0);
    Py_ssize_t s = PyLong_CheckExact(seat) ? PyLong_AsSsize_t(seat) : -1;
    if (s == -1 && PyErr_Occurred())
        PyErr_Clear();
    if (s < 0 || s >= LEGAL_SEATS || !PyTuple_CheckExact(legal) || PyTuple_GET_SIZE(legal) < LEGAL_LONG)
        return legal_codes(legal);
    for (int k = 0; k < LEGAL_KEPT; k++)
        if (seat_legal[s][k] == legal && PyList_CheckExact(seat_legal_codes[s][k])
                && PyList_GET_SIZE(seat_legal_codes[s][k]) == PyTuple_GET_SIZE(legal))
            return Py_NewRef(seat_legal_codes[s][k]);
    PyObject *out = legal_codes(legal);
    if (out != NULL) {
        int k = seat_legal_next[s];
        seat_legal_next[s] = (unsigned char)((k + 1) % LEGAL_KEPT);
        Py_XSETREF(seat_legal[s][k], Py_NewRef(legal));
        Py_XSETREF(seat_legal_codes[s][k], Py_NewRef(out));
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

/* The JSON of one card of a trick, {"seat": seat, "card": code}, made once per seat and card and shared by every
 * trick's JSON (read only, as the shared values of a position's JSON are); a new reference. */
#define PLAY_SEATS 8
static PyObject *play_dicts;   /* tuple of PLAY_SEATS * cards: each made when first asked, else None */

static PyObject *
play_json(PyObject *seat, Py_ssize_t card)
{
    Py_ssize_t cards = PyTuple_GET_SIZE(codes_table);
    if (play_dicts == NULL || PyTuple_GET_SIZE(play_dicts) != PLAY_SEATS * cards) {
        PyObject *made = PyTuple_New(PLAY_SEATS * cards);
        if (made == NULL)
            return NULL;
        for (Py_ssize_t i = 0; i < PLAY_SEATS * cards; i++)
            PyTuple_SET_ITEM(made, i, Py_NewRef(Py_None));
        Py_XSETREF(play_dicts, made);
    }
    long s = PyLong_CheckExact(seat) ? PyLong_AsLong(seat) : -1;
    if (s == -1 && PyErr_Occurred())
        PyErr_Clear();
    int shared = s >= 0 && s < PLAY_SEATS;
    PyObject **slot = shared ? &PyTuple_GET_ITEM(play_dicts, s * cards + card) : NULL;
    if (shared && *slot != Py_None)
        return Py_NewRef(*slot);
    PyObject *play = PyDict_New();
    if (play == NULL || PyDict_SetItem(play, k_seat, seat) < 0 || PyDict_SetItem(play, k_card, PyTuple_GET_ITEM(codes_table, card)) < 0) {
        Py_XDECREF(play);
        return NULL;
    }
    if (shared)
        Py_SETREF(*slot, Py_NewRef(play));
    return play;
}

/* The JSON of one play of a trick, a (seat, card) pair (play_json): a new reference, NULL with an error. */
static PyObject *
trick_play(PyObject *pair)
{
    if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
        PyErr_SetString(PyExc_TypeError, "a trick's plays are (seat, card) pairs");
        return NULL;
    }
    if (card_code_of(PyTuple_GET_ITEM(pair, 1)) == NULL)
        return NULL;
    return play_json(PyTuple_GET_ITEM(pair, 0), PyLong_AsSsize_t(PyTuple_GET_ITEM(pair, 1)));
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
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *play = trick_play(PySequence_Fast_GET_ITEM(items, i));
        if (play == NULL)
            goto fail;
        PyList_SET_ITEM(out, i, play);
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
outcome_or_none(PyObject *outcome)
{
    return outcome == Py_None ? Py_NewRef(Py_None) : PyObject_CallOneArg(outcome_json, outcome);
}

/* The observation's common fields in their order (atout.game.Observation). */
#define OBS_COMMON 15
static PyObject *common_names[OBS_COMMON];

/* A flag per class, found once per class and version (a change to the class changes its version tag),
 * then kept: up to TYPE_FLAGS classes per table, held. */
#define TYPE_FLAGS 32
typedef struct { PyTypeObject *type; unsigned int tag; int flag; } TypeFlag;

/* `type`'s flag kept in `table`: 0 or 1; -1 when it is not kept (`*slot`: where to keep it, TYPE_FLAGS when full). */
static int
type_flag(TypeFlag *table, PyTypeObject *type, int *slot)
{
    int i = 0;
    *slot = TYPE_FLAGS;
    for (; i < TYPE_FLAGS && table[i].type != NULL; i++)
        if (table[i].type == type) {
            if (type->tp_version_tag != 0 && table[i].tag == type->tp_version_tag)
                return table[i].flag;
            break;
        }
    *slot = i;
    return -1;
}

/* `flag` kept for `type` in `table` at `slot` (from type_flag), while the class has a valid version tag. */
static void
keep_type_flag(TypeFlag *table, int slot, PyTypeObject *type, int flag)
{
    if (slot >= TYPE_FLAGS || !PyType_HasFeature(type, Py_TPFLAGS_VALID_VERSION_TAG))
        return;
    if (table[slot].type == NULL)
        table[slot].type = (PyTypeObject *)Py_NewRef(type);
    table[slot].tag = type->tp_version_tag;
    table[slot].flag = flag;
}

/* The observation types met, and whether their first fields are the common ones, read by index (a named
 * tuple's fields, none overridden). */
static TypeFlag known_types[TYPE_FLAGS];

static int
fields_by_index(PyTypeObject *type)
{
    PyObject *fields = NULL;
    int ok = type->tp_getattro == PyObject_GenericGetAttr
        && (fields = PyObject_GetAttrString((PyObject *)type, "_fields")) != NULL
        && PyTuple_Check(fields) && PyTuple_GET_SIZE(fields) >= OBS_COMMON;
    for (Py_ssize_t i = 0; ok && i < OBS_COMMON; i++) {
        PyObject *name = PyTuple_GET_ITEM(fields, i);
        ok = PyUnicode_Check(name) && PyUnicode_Compare(name, common_names[i]) == 0 && !PyErr_Occurred();
        PyObject *getter = ok ? _PyType_Lookup(type, name) : NULL;   /* borrowed */
        PyObject *reduced = getter == NULL ? NULL : PyObject_CallMethod(getter, "__reduce__", NULL);
        /* a named tuple's field reduces to (_tuplegetter, (index, doc)) */
        ok = reduced != NULL && PyTuple_Check(reduced) && PyTuple_GET_SIZE(reduced) == 2
            && PyTuple_Check(PyTuple_GET_ITEM(reduced, 1)) && PyTuple_GET_SIZE(PyTuple_GET_ITEM(reduced, 1)) >= 1
            && PyType_Check(PyTuple_GET_ITEM(reduced, 0))
            && strcmp(((PyTypeObject *)PyTuple_GET_ITEM(reduced, 0))->tp_name, "_collections._tuplegetter") == 0
            && PyLong_AsSsize_t(PyTuple_GET_ITEM(PyTuple_GET_ITEM(reduced, 1), 0)) == i;
        Py_XDECREF(reduced);
    }
    Py_XDECREF(fields);
    PyErr_Clear();
    return ok;
}

static int
indexed(PyObject *obs)
{
    PyTypeObject *type = Py_TYPE(obs);
    if (!PyTuple_Check(obs) || PyTuple_GET_SIZE(obs) < OBS_COMMON)
        return 0;
    int slot, kept = type_flag(known_types, type, &slot);
    if (kept >= 0)
        return kept;
    int ok = fields_by_index(type);
    keep_type_flag(known_types, slot, type, ok);
    return ok;
}

/* obs.<name> of common field i: by index for a known named tuple, else by name (a new reference). */
static PyObject *
common_field(PyObject *obs, int by_index, int i)
{
    return by_index ? Py_NewRef(PyTuple_GET_ITEM(obs, i)) : PyObject_GetAttr(obs, common_names[i]);
}

enum { O_GAME, O_OPTIONS, O_SEAT, O_NUM_SEATS, O_SIDES, O_PHASE, O_TO_MOVE, O_HAND, O_HAND_SIZES, O_TRUMP, O_TRICK,
       O_SCORES, O_LEGAL, O_LOG, O_OUTCOME };

static int
put_common(PyObject *out, PyObject *obs, int by_index, int i, maker make)
{
    PyObject *value = common_field(obs, by_index, i);
    if (value == NULL)
        return -1;
    PyObject *made = make(value);
    Py_DECREF(value);
    return put(out, common_names[i], made);
}

/* The key legal into `out`: legal_json of the observation's seat and legal actions. */
static int
put_legal(PyObject *out, PyObject *obs, int by_index)
{
    PyObject *seat = common_field(obs, by_index, O_SEAT);
    PyObject *legal = seat == NULL ? NULL : common_field(obs, by_index, O_LEGAL);
    int failed = legal == NULL || put(out, common_names[O_LEGAL], legal_json(seat, legal)) < 0;
    Py_XDECREF(seat);
    Py_XDECREF(legal);
    return failed ? -1 : 0;
}

/* The log's length and the number of its hand's first entry into `out` (the keys log_length, hand_log_start). */
static int
put_log(PyObject *out, PyObject *log)
{
    PyObject *stop = NULL, *start = NULL;
    if (lv_type != NULL && Py_IS_TYPE(log, lv_type)) {
        stop = *(PyObject **)((char *)log + lv_stop_at);
        start = *(PyObject **)((char *)log + lv_start_at);
    }
    if (stop != NULL && start != NULL && PyLong_CheckExact(stop))
        return PyDict_SetItem(out, k_log_length, stop) < 0 || PyDict_SetItem(out, k_hand_log_start, start) < 0 ? -1 : 0;
    Py_ssize_t length = PyObject_Size(log);
    return length < 0 || put(out, k_log_length, PyLong_FromSsize_t(length)) < 0
        || put(out, k_hand_log_start, PyObject_GetAttr(log, a_hand_start)) < 0 ? -1 : 0;
}

/* The common part of a position's JSON in a new dict made for `size` keys (a game's own follow). */
static PyObject *
common_dict(PyObject *obs, Py_ssize_t size)
{
    if (codes_table == NULL || outcome_json == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups is not configured");
        return NULL;
    }
    int by_index = indexed(obs);
    PyObject *options = common_field(obs, by_index, O_OPTIONS);
    PyObject *sides = options == NULL ? NULL : common_field(obs, by_index, O_SIDES);
    PyObject *table = sides == NULL ? NULL : table_pair(options, sides);
    PyObject *out = table == NULL ? NULL : _PyDict_NewPresized(size);
    PyObject *log = NULL;
    int failed = out == NULL
        || put_common(out, obs, by_index, O_GAME, as_is) < 0 || PyDict_SetItem(out, k_options, PyTuple_GET_ITEM(table, 0)) < 0
        || put_common(out, obs, by_index, O_SEAT, as_is) < 0 || put_common(out, obs, by_index, O_NUM_SEATS, as_is) < 0
        || PyDict_SetItem(out, k_sides, PyTuple_GET_ITEM(table, 1)) < 0 || put_common(out, obs, by_index, O_PHASE, as_is) < 0
        || put_common(out, obs, by_index, O_TO_MOVE, mover) < 0 || put_common(out, obs, by_index, O_HAND, hand_json) < 0
        || put_common(out, obs, by_index, O_HAND_SIZES, PySequence_List) < 0
        || put_common(out, obs, by_index, O_TRUMP, trump_json) < 0 || put_common(out, obs, by_index, O_TRICK, trick_or_empty) < 0
        || put_common(out, obs, by_index, O_SCORES, PySequence_List) < 0
        || put_legal(out, obs, by_index) < 0
        || put_common(out, obs, by_index, O_OUTCOME, outcome_or_none) < 0
        || (log = common_field(obs, by_index, O_LOG)) == NULL || put_log(out, log) < 0;
    Py_XDECREF(log);
    Py_XDECREF(table);
    Py_XDECREF(sides);
    Py_XDECREF(options);
    if (failed)
        Py_CLEAR(out);
    return out;
}

static PyObject *
common_json(PyObject *module, PyObject *obs)
{
    return common_dict(obs, OBS_COMMON + 1);
}

static PyObject *
set_cards(PyObject *module, PyObject *args)
{
    PyObject *codes, *card, *cards, *cardset;
    if (!PyArg_ParseTuple(args, "O!O!O!O!:set_cards", &PyTuple_Type, &codes, &PyType_Type, &card, &PyTuple_Type, &cards,
                          &PyType_Type, &cardset))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)cardset, &PyLong_Type)) {
        PyErr_SetString(PyExc_TypeError, "set_cards: CardSet is an int");
        return NULL;
    }
    Py_XSETREF(codes_table, Py_NewRef(codes));
    Py_CLEAR(play_dicts);
    Py_XSETREF(cards_table, Py_NewRef(cards));
    Py_XSETREF(card_type, Py_NewRef(card));
    Py_XSETREF(cardset_type, Py_NewRef(cardset));
    Py_RETURN_NONE;
}

static PyObject *
set_helpers(PyObject *module, PyObject *args)
{
    PyObject *suits, *table, *mover, *codes_of, *one_code, *codes_by_id, *outcome, *frozen;
    Py_ssize_t limit;
    if (!PyArg_ParseTuple(args, "O!OOOOO!OO!n:set_helpers", &PyTuple_Type, &suits, &table, &mover, &codes_of, &one_code,
                          &PyDict_Type, &codes_by_id, &outcome, &PyDict_Type, &frozen, &limit))
        return NULL;
    if (PyTuple_GET_SIZE(suits) != 4) {
        PyErr_SetString(PyExc_ValueError, "four suit letters");
        return NULL;
    }
    Py_XSETREF(suit_letters, Py_NewRef(suits));
    Py_XSETREF(table_json, Py_NewRef(table));
    Py_XSETREF(mover_json, Py_NewRef(mover));
    Py_XSETREF(codes_json, Py_NewRef(codes_of));
    Py_XSETREF(code_of, Py_NewRef(one_code));
    Py_XSETREF(action_codes, Py_NewRef(codes_by_id));
    Py_XSETREF(outcome_json, Py_NewRef(outcome));
    Py_XSETREF(frozen_table, Py_NewRef(frozen));
    frozen_limit = limit;
    clear_code_slots();
    Py_CLEAR(last_options);
    Py_CLEAR(last_sides);
    Py_CLEAR(last_table);
    Py_RETURN_NONE;
}

/* make(value), kept in `table` (a dict: the id of a value to (value, made); holding the value keeps its id its own)
 * when `keeps` is NULL or keeps(value) says so, the table emptied when it holds `limit`: what was made of the same
 * object before, found, costs no call. A new reference, or NULL with an error. */
static PyObject *
table_made(PyObject *table, Py_ssize_t limit, PyObject *value, PyObject *make, PyObject *keeps)
{
    PyObject *key = PyLong_FromVoidPtr(value);
    if (key == NULL)
        return NULL;
    PyObject *found = PyDict_GetItemWithError(table, key);   /* borrowed */
    if (found != NULL && PyTuple_CheckExact(found) && PyTuple_GET_SIZE(found) == 2 && PyTuple_GET_ITEM(found, 0) == value) {
        Py_DECREF(key);
        return Py_NewRef(PyTuple_GET_ITEM(found, 1));
    }
    Py_INCREF(table);   /* held: make and keeps run Python, which may replace the table (set_helpers) */
    PyObject *made = PyErr_Occurred() ? NULL : PyObject_CallOneArg(make, value);
    int keep = made == NULL ? -1 : 1;
    if (made != NULL && keeps != NULL) {
        PyObject *says = PyObject_CallOneArg(keeps, value);
        keep = says == NULL ? -1 : PyObject_IsTrue(says);
        Py_XDECREF(says);
    }
    if (keep > 0) {
        if (PyDict_GET_SIZE(table) >= limit)
            PyDict_Clear(table);
        PyObject *pair = PyTuple_Pack(2, value, made);
        if (pair == NULL || PyDict_SetItem(table, key, pair) < 0)
            keep = -1;
        Py_XDECREF(pair);
    }
    Py_DECREF(key);
    Py_DECREF(table);
    if (keep < 0)
        Py_CLEAR(made);
    return made;
}

/* make(value), made once per object `value` and kept while that object lives, in the table shared with
 * atout.game.pure_frozen_json (the reference): a new reference, read only. */
static PyObject *
frozen_made(PyObject *value, PyObject *make)
{
    if (frozen_table == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups is not configured");
        return NULL;
    }
    return table_made(frozen_table, frozen_limit, value, make, NULL);
}

/* Whether a call of the two-argument function `usage` has two arguments; 0 with its TypeError. */
static int
two_args(Py_ssize_t nargs, const char *usage)
{
    if (nargs == 2)
        return 1;
    PyErr_SetString(PyExc_TypeError, usage);
    return 0;
}

/* frozen_json(value, make): atout.game.pure_frozen_json. */
static PyObject *
frozen_json(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    return two_args(nargs, "frozen_json(value, make)") ? frozen_made(args[0], args[1]) : NULL;
}

/* frozen_of(make, value): atout.game.pure_frozen_of (None for None). */
static PyObject *
frozen_of(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!two_args(nargs, "frozen_of(make, value)"))
        return NULL;
    return args[1] == Py_None ? Py_NewRef(Py_None) : frozen_made(args[1], args[0]);
}

/* A finished trick's JSON, {"leader": leader, "cards": codes, "winner": winner}: a new reference, or NULL. */
static PyObject *
trick_dict(PyObject *leader, PyObject *codes, PyObject *winner)
{
    PyObject *out = _PyDict_NewPresized(3);
    if (out != NULL && (PyDict_SetItem(out, k_leader, leader) < 0 || PyDict_SetItem(out, k_cards, codes) < 0
                        || PyDict_SetItem(out, k_winner, winner) < 0))
        Py_CLEAR(out);
    return out;
}

/* trick_record_json(record): a finished trick's JSON, {"leader", "cards" (their codes in play order), "winner"},
 * of a record (leader, cards, winner); None for None (atout.game.pure_trick_json). */
static PyObject *
trick_record_json(PyObject *module, PyObject *record)
{
    if (record == Py_None)
        return Py_NewRef(Py_None);
    if (!PyTuple_Check(record) || PyTuple_GET_SIZE(record) != 3 || !PyTuple_CheckExact(PyTuple_GET_ITEM(record, 1))) {
        PyErr_SetString(PyExc_TypeError, "trick_json takes a trick record (leader, cards, winner)");
        return NULL;
    }
    PyObject *cards = PyTuple_GET_ITEM(record, 1), *codes = PyList_New(PyTuple_GET_SIZE(cards)), *out = NULL;
    for (Py_ssize_t i = 0; codes != NULL && i < PyTuple_GET_SIZE(cards); i++) {
        PyObject *code = card_code_of(PyTuple_GET_ITEM(cards, i));
        if (code == NULL)
            Py_CLEAR(codes);
        else
            PyList_SET_ITEM(codes, i, Py_NewRef(code));
    }
    if (codes != NULL)
        out = trick_dict(PyTuple_GET_ITEM(record, 0), codes, PyTuple_GET_ITEM(record, 2));
    Py_XDECREF(codes);
    return out;
}

/* duel_trick_json(trick): a two-hand trick's JSON, {"leader", "cards" (the card led, then the answer), "winner"}, of
 * (leader, card led, card answered, winner), as Piquet's table holds its finished tricks
 * (atout.games.piquet.observation.pure_trick_json). */
static PyObject *
duel_trick_json(PyObject *module, PyObject *trick)
{
    if (!PyTuple_Check(trick) || PyTuple_GET_SIZE(trick) != 4) {
        PyErr_SetString(PyExc_TypeError, "duel_trick_json takes a trick (leader, card led, card answered, winner)");
        return NULL;
    }
    PyObject *led = card_code_of(PyTuple_GET_ITEM(trick, 1));
    PyObject *answer = led == NULL ? NULL : card_code_of(PyTuple_GET_ITEM(trick, 2));
    if (answer == NULL)
        return NULL;
    PyObject *codes = PyList_New(2);
    if (codes == NULL)
        return NULL;
    PyList_SET_ITEM(codes, 0, Py_NewRef(led));
    PyList_SET_ITEM(codes, 1, Py_NewRef(answer));
    PyObject *out = trick_dict(PyTuple_GET_ITEM(trick, 0), codes, PyTuple_GET_ITEM(trick, 3));
    Py_DECREF(codes);
    return out;
}

/* json_dict(keys, values): dict(zip(keys, values, strict=True)) (atout.game.pure_json_dict), with no Python frame. */
static PyObject *
json_dict(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!two_args(nargs, "json_dict(keys, values)"))
        return NULL;
    if (!PyTuple_CheckExact(args[0])) {
        PyErr_SetString(PyExc_TypeError, "json_dict takes a tuple of keys");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(args[1], "json_dict takes a sequence of values");
    if (seq == NULL)
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(args[0]);
    PyObject *out = NULL;
    if (PySequence_Fast_GET_SIZE(seq) != n)
        PyErr_SetString(PyExc_ValueError, "json_dict: as many values as keys");
    else if ((out = _PyDict_NewPresized(n)) != NULL)
        for (Py_ssize_t i = 0; i < n; i++)
            if (PyDict_SetItem(out, PyTuple_GET_ITEM(args[0], i), PySequence_Fast_GET_ITEM(seq, i)) < 0) {
                Py_CLEAR(out);
                break;
            }
    Py_DECREF(seq);
    return out;
}

/* json_list(make, items): [make(item) for item in items] (atout.game.pure_json_list), with no Python frame. */
static PyObject *
json_list(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!two_args(nargs, "json_list(make, items)"))
        return NULL;
    PyObject *seq = PySequence_Fast(args[1], "json_list takes a sequence of items");
    if (seq == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        PyObject *made = PyObject_CallOneArg(args[0], PySequence_Fast_GET_ITEM(seq, i));
        if (made == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, made);
    }
    Py_DECREF(seq);
    return out;
}

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

/* ----------------------------------------------------------------------- a card played in a trick */

/* `CardPlay`: a state class's `apply` or `moves` for the commonest decision of its game, a card played
 * in a trick already led (Whist: the lead and the trick's last card too, but the hand's last), in one
 * C call: `apply` with the same check, bookkeeping and change as `atout.game.State.apply` with the
 * game's `_check` and `_change`; `moves` listing the same cards as the game's `moves` and keeping them
 * as it does. What runs for everything else is the reference, `fallback`. The kinds "whist",
 * "parlante" (Sizette, Quadrette) and their "… moves" name the fields they read and write, in the
 * order of their enums below (`atout/card_play.py` gives the names). */

enum { KIND_WHIST, KIND_PARLANTE, KIND_PIQUET, KIND_BESIGUE, KIND_WHIST_MOVES, KIND_PARLANTE_MOVES, KIND_PIQUET_MOVES,
       KIND_BESIGUE_MOVES };

/* the fields every kind reads and writes, then the kind's own */
enum { F_CODES, F_RING, F_VERSION, F_TO_MOVE, F_HANDS, F_TRICK, F_PLAYED, F_MOVER, F_COMMON };
enum { FW_PHASE = F_COMMON, FW_NCARDS, FW_SLOW, FW_TABLE, FW_LEADER, FW_TRICKS_WON, FW_TRICK_LOG, FW_LOG,
       FW_COUNT };                                                                  /* Whist, the mort */
enum { FP_MODE = F_COMMON, FP_TABLE_LAW, FP_FOLLOW_RULE, FP_LED, FP_N, FP_TRICK_NO, FP_COMMAND, FP_CKEY, FP_MASK,
       FP_LEADER, FP_DONE_TRICKS, FP_TRICKS_WON, FP_VOLE_TEAM, FP_RULES, FP_SIDE_OF, FP_CAPTAINS, FP_KEYS,
       FP_FAILED, FP_WINDOW, FP_WINDOW_TEAM, FP_REMARKS, FP_LOG, FP_PENDING, FP_MKEY, FP_MSEAT, FP_MOVES, FP_TALK,
       FP_DEALER, FP_PHASE, FP_SLOW, FP_TURNED, FP_TRUMP, FP_SAMPLED, FP_ANCHORS, FP_OUTCOME, FP_CLAIMS,
       FP_COUNT };   /* Sizette, Quadrette */
/* Sizette, Quadrette: what a hand's deal (`parlante_deal_fast`), its opening lead (`parlante_opening_lead`)
 * and its end when won in play (`parlante_hand_won`) read, a tuple in this order */
enum { HE_RESULT, HE_PLAYED, HE_SCORED, HE_SUITS, HE_PAIRS, HE_WIN_POINTS, HE_FRESH, HE_SLOW, HE_PLACES, HE_CUT,
       HE_NO_CHANGES, HE_NO_PENALTY, HE_DEAL, HE_DEAL_PHASE, HE_PLAY, HE_C1, HE_C2, HE_ZONED, HE_VOLE, HE_VOLE_REASONS,
       HE_CUT_TYPE, HE_VOLE_TYPE, HE_OUTCOME, HE_TARGET, HE_TARGET_REASON, HE_OVER, HE_NO_CLAIMS, HE_CLOSE_TYPE,
       HE_COUNT };
/* the places in the slow record (HE_PLACES) of the fields a hand's deal and end write; the hand's own are its last */
enum { SL_HAND_NO, SL_SCORES, SL_RESULTS, SL_CAPTAIN_CHANGES, SL_HAND_START, SL_REVOKES, SL_TALON, SL_TURNED_BIT,
       SL_TALON_TURNED, SL_FIRST_TO_WIN, SL_CUT_POSITION, SL_WINNER, SL_END_REASON, SL_DISPUTED, SL_HAND, SL_COUNT };
/* Piquet: its own fields after the first five (it keeps no trick but the card led) */
enum { FQ_PHASE = F_TRICK, FQ_PENDING, FQ_LEAD_CARD, FQ_LEADER, FQ_TRICKS, FQ_NAMED_SUIT, FQ_ELDER, FQ_YOUNGER,
       FQ_LOG, FQ_DISCARDS, FQ_NDISC, FQ_CB_SEAT, FQ_TPOS, FQ_LISTED_AT, FQ_LISTED, FQ_STEP, FQ_STEP_CLS, FQ_STMT,
       FQ_TOLD, FQ_ANSWERS, FQ_YDECL, FQ_EXTRAS, FQ_SAID, FQ_COUNT };
enum { MQ_VERSION, MQ_KEY, MQ_LISTED, MQ_HANDS, MQ_TO_MOVE, MQ_PHASE, MQ_PENDING, MQ_LEAD_CARD, MQ_TRICKS,
       MQ_NAMED_SUIT, MQ_NDISC, MQ_CB_SEAT, MQ_TPOS, MQ_ELDER, MQ_RULES, MQ_STEP, MQ_STEP_CLS, MQ_STMT, MQ_ANSWERS,
       MQ_CALLS, MQ_COUNT };
/* Bésigue: its own fields after the common ones (its hands hold up to 256 cards: sets of several packs) */
enum { FB_PHASE = F_MOVER, FB_N, FB_TABLED, FB_TRICK_MASK, FB_LEADER, FB_TRUMP, FB_RULES, FB_BRISQUES, FB_LAST_TRICK,
       FB_DECLARED, FB_MKEY, FB_MOVES, FB_LOG, FB_TALON, FB_TALON_POS, FB_ENDED, FB_COUNT };
enum { MB_VERSION, MB_KEY, MB_MOVES, MB_HANDS, MB_TO_MOVE, MB_PHASE, MB_COUNT };
/* the moves (the cards the hand to play may play), listed once per version of the state */
enum { M_VERSION, M_KEY, M_CARDS, M_HANDS, M_MOVER, M_TRICK, M_GATE, M_WHIST_COUNT,
       M_FOLLOW_RULE = M_WHIST_COUNT, M_LED, M_MASK, M_COMMAND, M_LEADER, M_STRENGTH,
       M_TO_MOVE, M_WINDOW, M_PENDING, M_MKEY, M_MSEAT, M_MOVES, M_SIDE_OF, M_WINDOW_TEAM, M_CAPTAINS, M_RULES,
       M_PLAYED, M_SLOW, M_COMMAND_LIST, M_PARLANTE_COUNT };

struct CardPlayObject {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    int kind;
    SlotsObject *fields;    /* the fields above, of exactly the class whose apply this is */
    PyObject *snapshot;     /* the class's snapshot of its position (`_snap`) */
    PyObject *fallback;     /* the reference: State.apply, or the game's moves */
    PyObject *card_bytes;   /* atout.history.CARD_BYTES */
    PyObject *card_code;    /* atout.history.CARD_CODE */
    long anchor_mask;       /* atout.game.ANCHOR_MASK */
    long when;              /* Whist, Piquet, Bésigue: the phase PLAY; Sizette: the mode CARD_DUE */
    long elder_phase, younger_phase;   /* Piquet: the phases EXCHANGE_ELDER and EXCHANGE_YOUNGER */
    PyObject *discard_type; /* Piquet: its Discard */
    PyObject *discards;     /* Piquet's moves: the Discard of each card id (None: not in the pack) */
    PyObject *takes;        /* Piquet's moves: its Take of each mode: plain, look, expose */
    unsigned long long court_mask;   /* Piquet's moves: its kings, queens and jacks (none: a carte blanche) */
    PyObject *dialogue;     /* Piquet: what its dialogue's compiled paths read (`dialogue_consts_ok`) */
    long last_phase, declare_phase;   /* Bésigue: the phases LAST (the talon out) and DECLARE */
    PyObject *card_info;    /* Bésigue: bytes, each card's suit (4: a joker), BRISQUE_FLAG, SEVEN_FLAG */
    PyObject *pass_action;  /* Bésigue: PASS, the declarations done */
    PyObject *drew;         /* Bésigue: the Drew event of a seat and a card (`state._drew`) */
    long other, no_window, c3, c1, c2;  /* Sizette: the mode OTHER, the windows NO_WINDOW, C3, (its moves) C1 and C2 */
    PyObject *close_only;   /* Sizette's moves: the captain's only move in window C2 when he is not to play */
    Py_ssize_t slow_talon_turned;   /* Sizette's moves: its place in the slow record */
    PyObject *commands_free, *commands_extended;   /* Sizette's moves: the commands of no card, by grammar */
    PyObject *card_commands;                       /* Sizette's moves: the command of each card, by its id */
    Py_ssize_t slow_seating, slow_exposed, slow_keys;   /* Whist: their places in the slow record */
    PyObject *trick_record; /* Whist, Sizette: the game's TrickRecord type */
    PyObject *trick_won;    /* Whist, Sizette: the TrickWon events, by the number of the trick */
    PyObject *follow_suit;  /* Sizette: the rule FOLLOW_SUIT */
    PyObject *cards;        /* moves: the Card of each id (atout.cards.CARDS) */
    PyObject *command_type; /* Sizette: its Command */
    PyObject *narrow_code;  /* Sizette: atout.history.NARROW_CODE, an action's code by its id */
    PyObject *seat_code;    /* Sizette: atout.history.SEAT_CODE */
    PyObject *talk_entry;   /* Sizette: events.talk_entry */
    PyObject *talk_by_id;   /* Sizette: events.ENTRIES_BY_ID, what talk_entry looks up first */
    PyObject *no_card;      /* Sizette: the table's « pas de carte » (events.NO_CARD) */
    PyObject *hand_edges;   /* Sizette: what a hand's deal and its end read (HE_*) */
    Py_ssize_t slow_places[SL_COUNT];   /* Sizette: HE_PLACES read */
    Py_ssize_t hits;        /* calls answered here (the tests see the fast path taken) */
};

static PyObject *s_frombytes, *s_append, *s_undo_depth, *s_owner, *s_mort, *s_hand_seat, *s_pack_size, *s_event;
static PyObject *s_strength, *s_side_of;
static PyObject *s_history, *s_at, *s_codes, *s_side, *s_interned, *s_result;
static PyObject *s_card, *s_younger_min, *s_left_cards, *s_size, *s_word, *s_value, *s_sizes;
static int dialogue_consts_ok(PyObject *dialogue);   /* Piquet's dialogue: below */
typedef struct CardPlayObject CardPlayObject;
static int hand_edges_ok(CardPlayObject *self, PyObject *hand_edges, SlotsObject *fields);   /* Sizette: below */
static PyObject *s__check, *s__change, *s__codes, *s__snap, *s__keep_anchor, *s__ring, *s_version, *s_record;
static PyObject *s_target, *s_fresh_values, *s_fresh_slow_values, *s_plain_reason;
static PyObject *s_hands, *s_talon, *s_turned, *s_zones, *s_talon_size, *s_keys_by_trump, *s_position, *s_go_on;
static PyObject *s_need, *s_play_out, *s_no_remarks, *s_matching, *s_max_failed, *s_spec, *s_mask, *s_pack, *s_extended;
static PyObject *empty_tuple;

static int
card_play_init(CardPlayObject *self, PyObject *args, PyObject *kwds)
{
    const char *kind;
    PyObject *fields, *snapshot, *fallback, *card_bytes, *card_code, *consts;
    long anchor_mask;
    if (!PyArg_ParseTuple(args, "sO!OOO!O!lO!:CardPlay", &kind, &SlotsType, &fields, &snapshot, &fallback,
                          &PyTuple_Type, &card_bytes, &PyTuple_Type, &card_code, &anchor_mask, &PyTuple_Type, &consts))
        return -1;
    Py_ssize_t count = PyTuple_GET_SIZE(((SlotsObject *)fields)->names);
    if (strcmp(kind, "whist") == 0) {
        self->kind = KIND_WHIST;
        PyObject *record, *won;
        if (count != FW_COUNT || !PyArg_ParseTuple(consts, "lnnnO!O!:CardPlay whist", &self->when, &self->slow_seating,
                                                   &self->slow_exposed, &self->slow_keys, &PyType_Type, &record,
                                                   &PyTuple_Type, &won))
            goto bad;
        if (!PyType_IsSubtype((PyTypeObject *)record, &PyTuple_Type)) {
            PyErr_SetString(PyExc_TypeError, "CardPlay whist: TrickRecord is a tuple type");
            return -1;
        }
        Py_XSETREF(self->trick_record, Py_NewRef(record));
        Py_XSETREF(self->trick_won, Py_NewRef(won));
    }
    else if (strcmp(kind, "parlante") == 0) {
        self->kind = KIND_PARLANTE;
        PyObject *follow_suit, *record, *won, *command, *narrow, *seat_code, *talk_entry, *by_id, *no_card, *hand_edges;
        if (count != FP_COUNT || !PyArg_ParseTuple(consts, "lOlllO!O!O!O!O!OO!OO!:CardPlay parlante", &self->when,
                                                   &follow_suit, &self->other, &self->no_window, &self->c3,
                                                   &PyType_Type, &record, &PyTuple_Type, &won, &PyType_Type, &command,
                                                   &PyDict_Type, &narrow, &PyTuple_Type, &seat_code, &talk_entry,
                                                   &PyDict_Type, &by_id, &no_card, &PyTuple_Type, &hand_edges))
            goto bad;
        if (!hand_edges_ok(self, hand_edges, (SlotsObject *)fields))
            return -1;
        Py_XSETREF(self->hand_edges, Py_NewRef(hand_edges));
        if (!PyCallable_Check(talk_entry)) {
            PyErr_SetString(PyExc_TypeError, "CardPlay parlante: talk_entry is a callable");
            return -1;
        }
        Py_XSETREF(self->command_type, Py_NewRef(command));
        Py_XSETREF(self->narrow_code, Py_NewRef(narrow));
        Py_XSETREF(self->seat_code, Py_NewRef(seat_code));
        Py_XSETREF(self->talk_entry, Py_NewRef(talk_entry));
        Py_XSETREF(self->talk_by_id, Py_NewRef(by_id));
        Py_XSETREF(self->no_card, Py_NewRef(no_card));
        if (!PyType_IsSubtype((PyTypeObject *)record, &PyTuple_Type)) {
            PyErr_SetString(PyExc_TypeError, "CardPlay parlante: TrickRecord is a tuple type");
            return -1;
        }
        Py_XSETREF(self->follow_suit, Py_NewRef(follow_suit));
        Py_XSETREF(self->trick_record, Py_NewRef(record));
        Py_XSETREF(self->trick_won, Py_NewRef(won));
    }
    else if (strcmp(kind, "piquet") == 0 || strcmp(kind, "piquet moves") == 0) {
        int moves = kind[6] != 0;
        PyObject *won, *cards, *discard, *narrow, *seat_code, *discards, *takes, *dialogue;
        self->kind = moves ? KIND_PIQUET_MOVES : KIND_PIQUET;
        if (moves ? count != MQ_COUNT || !PyArg_ParseTuple(consts, "lO!llO!O!O!K:CardPlay piquet moves", &self->when,
                                                            &PyTuple_Type, &cards, &self->elder_phase,
                                                            &self->younger_phase, &PyTuple_Type, &discards,
                                                            &PyTuple_Type, &takes, &PyTuple_Type, &dialogue,
                                                            &self->court_mask)
                  : count != FQ_COUNT || !PyArg_ParseTuple(consts, "lO!llO!O!O!O!:CardPlay piquet", &self->when,
                                                            &PyTuple_Type, &won, &self->elder_phase,
                                                            &self->younger_phase, &PyType_Type, &discard,
                                                            &PyDict_Type, &narrow, &PyTuple_Type, &seat_code,
                                                            &PyTuple_Type, &dialogue))
            goto bad;
        if (!dialogue_consts_ok(dialogue)) {
            PyErr_SetString(PyExc_ValueError, "CardPlay piquet: the dialogue's phases, steps, move types and menus");
            return -1;
        }
        Py_XSETREF(self->dialogue, Py_NewRef(dialogue));
        if (moves && (PyTuple_GET_SIZE(cards) < 52 || PyTuple_GET_SIZE(discards) != 52 || PyTuple_GET_SIZE(takes) != 3)) {
            PyErr_SetString(PyExc_ValueError, "CardPlay piquet moves: the 52 cards, a discard of each, three takes");
            return -1;
        }
        if (!moves && PyTuple_GET_SIZE(seat_code) < 3) {
            PyErr_SetString(PyExc_ValueError, "CardPlay piquet: the code of each seat and of the table");
            return -1;
        }
        if (moves) {
            Py_XSETREF(self->cards, Py_NewRef(cards));
            Py_XSETREF(self->discards, Py_NewRef(discards));
            Py_XSETREF(self->takes, Py_NewRef(takes));
        }
        else {
            Py_XSETREF(self->trick_won, Py_NewRef(won));
            Py_XSETREF(self->discard_type, Py_NewRef(discard));
            Py_XSETREF(self->narrow_code, Py_NewRef(narrow));
            Py_XSETREF(self->seat_code, Py_NewRef(seat_code));
        }
    }
    else if (strcmp(kind, "besigue") == 0) {
        PyObject *won, *record, *info, *pass, *narrow, *seat_code, *drew;
        self->kind = KIND_BESIGUE;
        if (count != FB_COUNT || !PyArg_ParseTuple(consts, "lllO!O!O!OO!O!O:CardPlay besigue", &self->when,
                                                   &self->last_phase, &self->declare_phase, &PyTuple_Type, &won,
                                                   &PyType_Type, &record, &PyBytes_Type, &info, &pass, &PyDict_Type,
                                                   &narrow, &PyTuple_Type, &seat_code, &drew))
            goto bad;
        if (!PyType_IsSubtype((PyTypeObject *)record, &PyTuple_Type) || !PyCallable_Check(drew)) {
            PyErr_SetString(PyExc_TypeError, "CardPlay besigue: TrickRecord is a tuple type, drew a callable");
            return -1;
        }
        Py_XSETREF(self->pass_action, Py_NewRef(pass));
        Py_XSETREF(self->narrow_code, Py_NewRef(narrow));
        Py_XSETREF(self->seat_code, Py_NewRef(seat_code));
        Py_XSETREF(self->drew, Py_NewRef(drew));
        Py_XSETREF(self->trick_won, Py_NewRef(won));
        Py_XSETREF(self->trick_record, Py_NewRef(record));
        Py_XSETREF(self->card_info, Py_NewRef(info));
    }
    else if (strcmp(kind, "besigue moves") == 0) {
        PyObject *cards;
        self->kind = KIND_BESIGUE_MOVES;
        if (count != MB_COUNT || !PyArg_ParseTuple(consts, "lO!:CardPlay besigue moves", &self->when, &PyTuple_Type, &cards))
            goto bad;
        Py_XSETREF(self->cards, Py_NewRef(cards));
    }
    else if (strcmp(kind, "whist moves") == 0 || strcmp(kind, "parlante moves") == 0) {
        int whist = kind[0] == 'w';
        self->kind = whist ? KIND_WHIST_MOVES : KIND_PARLANTE_MOVES;
        PyObject *follow_suit = Py_None, *cards, *free = NULL, *extended = NULL, *card_commands = NULL, *close_only = NULL;
        if (count != (whist ? M_WHIST_COUNT : M_PARLANTE_COUNT)
            || !PyArg_ParseTuple(consts, whist ? "lO!:CardPlay moves" : "lO!OllllO!nO!O!O!:CardPlay moves", &self->when,
                                 &PyTuple_Type, &cards, &follow_suit, &self->other, &self->c3, &self->c1, &self->c2,
                                 &PyTuple_Type, &close_only, &self->slow_talon_turned, &PyTuple_Type, &free,
                                 &PyTuple_Type, &extended, &PyTuple_Type, &card_commands))
            goto bad;
        Py_XSETREF(self->close_only, Py_XNewRef(close_only));
        if (!whist && PyTuple_GET_SIZE(card_commands) < 52) {
            PyErr_SetString(PyExc_ValueError, "CardPlay moves: a command for each of the 52 cards");
            return -1;
        }
        Py_XSETREF(self->commands_free, Py_XNewRef(free));
        Py_XSETREF(self->commands_extended, Py_XNewRef(extended));
        Py_XSETREF(self->card_commands, Py_XNewRef(card_commands));
        if (PyTuple_GET_SIZE(cards) < 52) {
            PyErr_SetString(PyExc_ValueError, "CardPlay moves: the 52 cards");
            return -1;
        }
        Py_XSETREF(self->follow_suit, Py_NewRef(follow_suit));
        Py_XSETREF(self->cards, Py_NewRef(cards));
    }
    else {
        PyErr_Format(PyExc_ValueError, "CardPlay: no kind %s", kind);
        return -1;
    }
    if (!PyCallable_Check(snapshot) || !PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "CardPlay: the snapshot and the fallback are callables");
        return -1;
    }
    Py_XSETREF(self->fields, (SlotsObject *)Py_NewRef(fields));
    Py_XSETREF(self->snapshot, Py_NewRef(snapshot));
    Py_XSETREF(self->fallback, Py_NewRef(fallback));
    Py_XSETREF(self->card_bytes, Py_NewRef(card_bytes));
    Py_XSETREF(self->card_code, Py_NewRef(card_code));
    self->anchor_mask = anchor_mask;
    return 0;
bad:
    if (!PyErr_Occurred())
        PyErr_Format(PyExc_ValueError, "CardPlay %s: %zd fields", kind, count);
    return -1;
}

/* A small int's value (a card is one); -1 with no error set when it is not one. */
static long
small_int(PyObject *value)
{
    if (value == NULL || !PyLong_Check(value))
        return -1;
    long fast;
    if (compact_int(value, &fast))
        return fast;
    long got = PyLong_AsLong(value);
    if (got == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return -1;
    }
    return got;
}

/* A card set's 64 bits; 0 with `*ok` cleared when it is not such a set. */
static unsigned long long
mask_of(PyObject *value, int *ok)
{
    if (value == NULL || !PyLong_Check(value)) {
        *ok = 0;
        return 0;
    }
    unsigned long long bits;
    if (!u64_of(value, &bits)) {
        *ok = 0;
        return 0;
    }
    return bits;
}

#define SUIT_BITS(suit) (((1ULL << 13) - 1) << (13 * (suit)))

/* The cards of `hand` that may be played to a trick whose suit led is `led` (-1: a lead): that
 * suit's if the hand holds it, else the whole hand. The one rule `moves` lists and `apply` checks. */
static unsigned long long
following(unsigned long long hand, long led)
{
    unsigned long long suit = led >= 0 ? hand & SUIT_BITS(led) : 0;
    return suit ? suit : hand;
}

/* The new values a card played makes, made before any field is written. */
typedef struct {
    PyObject *snapshot, *hands, *trick, *played, *version, *mover, *to_move, *ncards;
    PyObject *leader, *tricks_won, *trick_log, *winner_seat, *event;   /* a trick won (Whist: trick_log) */
    PyObject *led, *done_tricks, *trick_no, *mode, *window, *window_team, *remarks;   /* Sizette */
    PyObject *slow, *dealer, *scored, *fresh;   /* Sizette: a hand won, the next one's cut due */
    PyObject *phase, *decide;                   /* Sizette: the vole to decide (the slow record with first_to_win) */
    PyObject *outcome;                          /* Sizette: the partie won (the slow record in `slow`) */
} Made;

static void
made_clear(Made *m)
{
    Py_CLEAR(m->snapshot);
    Py_CLEAR(m->hands);
    Py_CLEAR(m->trick);
    Py_CLEAR(m->played);
    Py_CLEAR(m->version);
    Py_CLEAR(m->mover);
    Py_CLEAR(m->to_move);
    Py_CLEAR(m->ncards);
    Py_CLEAR(m->leader);
    Py_CLEAR(m->tricks_won);
    Py_CLEAR(m->trick_log);
    Py_CLEAR(m->winner_seat);
    Py_CLEAR(m->event);
    Py_CLEAR(m->led);
    Py_CLEAR(m->done_tricks);
    Py_CLEAR(m->trick_no);
    Py_CLEAR(m->mode);
    Py_CLEAR(m->window);
    Py_CLEAR(m->window_team);
    Py_CLEAR(m->remarks);
    Py_CLEAR(m->slow);
    Py_CLEAR(m->dealer);
    Py_CLEAR(m->scored);
    Py_CLEAR(m->fresh);
    Py_CLEAR(m->phase);
    Py_CLEAR(m->decide);
    Py_CLEAR(m->outcome);
}

/* `items` with `item` added (a new tuple), or NULL. */
static PyObject *
tuple_plus(PyObject *items, PyObject *item)
{
    Py_ssize_t size = PyTuple_GET_SIZE(items);
    PyObject *out = PyTuple_New(size + 1);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < size; i++)
        PyTuple_SET_ITEM(out, i, Py_NewRef(PyTuple_GET_ITEM(items, i)));
    PyTuple_SET_ITEM(out, size, Py_NewRef(item));
    return out;
}

/* `values` (a tuple) with the item at `index` replaced by `value` (taken): a new tuple, or NULL. */
static PyObject *
tuple_put(PyObject *values, Py_ssize_t index, PyObject *value)
{
    Py_ssize_t size = PyTuple_GET_SIZE(values);
    PyObject *out = value == NULL ? NULL : PyTuple_New(size);
    if (out == NULL) {
        Py_XDECREF(value);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < size; i++)
        PyTuple_SET_ITEM(out, i, i == index ? value : Py_NewRef(PyTuple_GET_ITEM(values, i)));
    return out;
}

/* The items of `head`, then `table[i]` for each bit `i` of `bits`, lowest first: a new tuple, or NULL. */
static PyObject *
items_after(PyObject *head, PyObject *table, unsigned long long bits)
{
    Py_ssize_t size = PyTuple_GET_SIZE(head), i = 0;
    PyObject *out = PyTuple_New(size + __builtin_popcountll(bits));
    if (out == NULL)
        return NULL;
    for (; i < size; i++)
        PyTuple_SET_ITEM(out, i, Py_NewRef(PyTuple_GET_ITEM(head, i)));
    for (; bits; bits &= bits - 1)
        PyTuple_SET_ITEM(out, i++, Py_NewRef(PyTuple_GET_ITEM(table, __builtin_ctzll(bits))));
    return out;
}

/* The tricks `done` with one more, a game's TrickRecord (a tuple type) of (leader, cards, winner): a new
 * tuple, or NULL. */
static PyObject *
with_trick(PyObject *type, PyObject *done, PyObject *leader, PyObject *cards, PyObject *winner)
{
    PyObject *items = PyTuple_Pack(3, leader, cards, winner), *args = NULL, *record = NULL, *out = NULL;
    if (items != NULL && (args = PyTuple_Pack(1, items)) != NULL
        && (record = PyTuple_Type.tp_new((PyTypeObject *)type, args, NULL)) != NULL)
        out = tuple_plus(done, record);
    Py_XDECREF(items);
    Py_XDECREF(args);
    Py_XDECREF(record);
    return out;
}

/* Write `value` (a new reference, taken) into the field at `offset`. */
static void
set_slot(PyObject *state, Py_ssize_t offset, PyObject *value)
{
    Py_XSETREF(*SLOT(state, offset), value);
}

/* The int (or bool) attribute `name` of `owner` (or of the table in the field at `offset`): -1 when it
 * is not one, -2 on an error. */
static long
int_attr(PyObject *owner, PyObject *name)
{
    if (owner == NULL)
        return -1;
    PyObject *value = PyObject_GetAttr(owner, name);
    if (value == NULL)
        return -2;
    long got = small_int(value);
    Py_DECREF(value);
    return got;
}

static long
table_int(PyObject *state, Py_ssize_t offset, PyObject *name)
{
    return int_attr(*SLOT(state, offset), name);
}

/* Whist: the trick `m->trick` (four cards) won: who won it (the first of the highest keys of the suit
 * led), the trick record, the next lead; the event to announce. */
static int
whist_trick_won(CardPlayObject *self, PyObject *state, Made *m)
{
    Py_ssize_t *off = self->fields->offsets;
    PyObject *slow = *SLOT(state, off[FW_SLOW]), *tricks_won = *SLOT(state, off[FW_TRICKS_WON]);
    PyObject *trick_log = *SLOT(state, off[FW_TRICK_LOG]);
    long leader = small_int(*SLOT(state, off[FW_LEADER]));
    if (leader < 0 || leader > 3 || tricks_won == NULL || !PyTuple_Check(tricks_won) || PyTuple_GET_SIZE(tricks_won) != 2
        || trick_log == NULL || !PyTuple_Check(trick_log) || PyTuple_GET_SIZE(slow) <= self->slow_keys) {
        PyErr_SetString(PyExc_RuntimeError, "CardPlay whist: a state not as its game keeps it");
        return -1;
    }
    PyObject *trick = m->trick;
    PyObject *keys = PySequence_GetItem(PyTuple_GET_ITEM(slow, self->slow_keys), small_int(PyTuple_GET_ITEM(trick, 0)) / 13);
    if (keys == NULL)
        return -1;
    Py_ssize_t best = 0;
    long best_key = -1;
    for (Py_ssize_t i = 0; i < 4; i++) {
        PyObject *key = PySequence_GetItem(keys, small_int(PyTuple_GET_ITEM(trick, i)));
        long value = key == NULL ? -1 : PyLong_AsLong(key);
        Py_XDECREF(key);
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(keys);
            return -1;
        }
        if (i == 0 || value > best_key) {
            best = i;
            best_key = value;
        }
    }
    Py_DECREF(keys);
    long winner = (leader + best) % 4;
    PyObject *seat_of = PyObject_GetAttr(PyTuple_GET_ITEM(slow, self->slow_seating), s_hand_seat);
    if (seat_of == NULL)
        return -1;
    PyObject *leader_seat = PySequence_GetItem(seat_of, leader);
    m->winner_seat = PySequence_GetItem(seat_of, winner);
    Py_DECREF(seat_of);
    if (leader_seat == NULL || m->winner_seat == NULL) {
        Py_XDECREF(leader_seat);
        return -1;
    }
    m->trick_log = with_trick(self->trick_record, trick_log, leader_seat, trick, m->winner_seat);
    Py_DECREF(leader_seat);
    if (m->trick_log == NULL)
        return -1;
    Py_ssize_t done = PyTuple_GET_SIZE(trick_log);
    m->event = PySequence_GetItem(self->trick_won, done + 1);
    if (m->event == NULL)
        return -1;
    PyObject *first = PyTuple_GET_ITEM(tricks_won, 0), *second = PyTuple_GET_ITEM(tricks_won, 1);
    long won = small_int(winner % 2 ? second : first);
    PyObject *more = won < 0 ? NULL : PyLong_FromLong(won + 1);
    if (more == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, "CardPlay whist: a state not as its game keeps it");
        return -1;
    }
    m->tricks_won = tuple_put(tricks_won, winner % 2, more);
    if (m->tricks_won == NULL || (m->leader = PyLong_FromLong(winner)) == NULL)
        return -1;
    Py_SETREF(m->mover, Py_NewRef(m->leader));
    Py_SETREF(m->trick, PyTuple_New(0));
    return m->trick == NULL ? -1 : 0;
}

/* The offsets of the fields `self` reads, with the state's history codes and undo ring, when `state` is
 * exactly of the class it was made for, keeps them as State.apply does, and `card` (unless NULL) is a
 * Card; NULL otherwise (not the fast case). */
static Py_ssize_t *
own_fields(CardPlayObject *self, PyObject *state, PyObject *card, PyObject **codes, PyObject **ring)
{
    SlotsObject *fields = self->fields;
    if (fields == NULL || !Py_IS_TYPE(state, fields->owner)
        || (card != NULL && !Py_IS_TYPE(card, (PyTypeObject *)card_type)))
        return NULL;
    Py_ssize_t *off = fields->offsets;
    *codes = *SLOT(state, off[F_CODES]);
    *ring = *SLOT(state, off[F_RING]);
    return *codes != NULL && *ring != NULL && PyList_CheckExact(*ring) ? off : NULL;
}

/* `Log.event` compiled (`atout.log.Log.event` is the reference): what `log_event()` hands over, and the
 * method it makes. The common case here: an event interned in a 16-bit code (`NARROW_CODE`, by the
 * object's id), kept whole in the side list by its class, or the table's scores, at a number that fits 16
 * bits; everything else goes to the reference. */
static PyObject *le_narrow;     /* NARROW_CODE: an interned object's id -> its code */
static PyObject *le_seat_code;  /* SEAT_CODE: each seat's part of a code (the table's last) */
static PyObject *le_scored;     /* Scored: the table's keep their result alone in the side list */
static PyObject *le_reference;  /* Log.event */
static long le_index_shift = -1, le_side_flag;   /* atout.history's INDEX_SHIFT and SIDE_FLAG */
static long le_scored_seat;   /* atout.log's SCORED: the seat part of the code of the table's scores */

/* The code of an object interned in NARROW_CODE (`table`: by the object's id), 0 and up; -1 when it has
 * none (no error set); -2 on an error. */
static long
narrow_code_of(PyObject *table, PyObject *item)
{
    PyObject *id = PyLong_FromVoidPtr(item);
    if (id == NULL)
        return -2;
    PyObject *code = PyDict_GetItemWithError(table, id);
    Py_DECREF(id);
    if (code == NULL)
        return PyErr_Occurred() ? -2 : -1;
    return small_int(code);
}

/* A log's parts read at their slots: a Log's `history`, `at`, `codes` and `side`, and its history's (a
 * Recorder's) `codes` and `side` (the Slots `set_log` hands over); an object of another class is read by name. */
enum { LP_CODES, LP_SIDE, LP_AT, LP_EVENT_CODES, LP_EVENT_SIDE, LP_COUNT };
static SlotsObject *lp_log;       /* Slots(Log, ("history", "at", "codes", "side")) */
static SlotsObject *lp_history;   /* Slots(Recorder, ("codes", "side")) */

/* `obj`'s field `i` of `fields` (a new reference), read at its slot when `obj` is of their class and it is set,
 * else by `name`. */
static PyObject *
log_part(PyObject *obj, SlotsObject *fields, int i, PyObject *name)
{
    PyObject *value = fields != NULL && Py_IS_TYPE(obj, fields->owner) ? *SLOT(obj, fields->offsets[i]) : NULL;
    return value != NULL ? Py_NewRef(value) : PyObject_GetAttr(obj, name);
}

/* The five parts of `log` (see LP_*), new references in `parts`: 0, or -1 with an error set (none kept). */
static int
log_parts(PyObject *log, PyObject **parts)
{
    PyObject *history = log_part(log, lp_log, 0, s_history);
    if (history == NULL)
        return -1;
    parts[LP_CODES] = log_part(history, lp_history, 0, s_codes);
    parts[LP_SIDE] = parts[LP_CODES] == NULL ? NULL : log_part(history, lp_history, 1, s_side);
    parts[LP_AT] = parts[LP_SIDE] == NULL ? NULL : log_part(log, lp_log, 1, s_at);
    parts[LP_EVENT_CODES] = parts[LP_AT] == NULL ? NULL : log_part(log, lp_log, 2, s_codes);
    parts[LP_EVENT_SIDE] = parts[LP_EVENT_CODES] == NULL ? NULL : log_part(log, lp_log, 3, s_side);
    Py_DECREF(history);
    if (parts[LP_EVENT_SIDE] != NULL)
        return 0;
    for (int i = 0; i < LP_COUNT; i++)
        Py_CLEAR(parts[i]);
    return -1;
}

/* How many events `log` holds (its `at`), or -1 with an error set. */
static Py_ssize_t
log_events(PyObject *log)
{
    if (log == NULL) {
        PyErr_SetString(PyExc_AttributeError, "no log");
        return -1;
    }
    PyObject *at = log_part(log, lp_log, 1, s_at);
    Py_ssize_t size = at == NULL ? -1 : PyObject_Size(at);
    Py_XDECREF(at);
    return size;
}

/* Whether `item`'s class keeps it whole in a partie's side list (its `interned` False), as atout.history's
 * `intern` reads it: 1, 0 (the table's, or no such class attribute), or -1 on an error; kept per class. */
static TypeFlag whole_types[TYPE_FLAGS];

static int
kept_whole(PyObject *item)
{
    PyTypeObject *type = Py_TYPE(item);
    int slot, whole = type_flag(whole_types, type, &slot);
    if (whole >= 0)
        return whole;
    whole = 0;
    PyObject *flag = PyObject_GetAttr((PyObject *)type, s_interned);
    if (flag == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError))
            return -1;
        PyErr_Clear();
    }
    else {
        int truth = PyObject_IsTrue(flag);
        Py_DECREF(flag);
        if (truth < 0)
            return -1;
        whole = !truth;
    }
    keep_type_flag(whole_types, slot, type, whole);
    return whole;
}

/* `item` concerning `seat` appended to `log`'s events: 1, 0 when it is not the case this code takes
 * (nothing changed), or -1 on an error. */
static int
log_event_fast(PyObject *log, PyObject *seat, PyObject *item)
{
    if (le_narrow == NULL || !PyLong_Check(seat))
        return 0;
    long who = PyLong_AsLong(seat);
    Py_ssize_t seats = PyTuple_GET_SIZE(le_seat_code);
    if (who == -1 && PyErr_Occurred()) {   /* past a long: the reference says what is wrong */
        PyErr_Clear();
        return 0;
    }
    if (who < -1 || who >= seats - 1)
        return 0;
    /* the table's scores: their result alone in the side list, the code's seat part SCORED (the reference's way) */
    int table_scores = who < 0 && (PyObject *)Py_TYPE(item) == le_scored;
    long interned = table_scores ? -1 : narrow_code_of(le_narrow, item);
    if (interned == -2)
        return -1;
    int whole = table_scores;   /* an item its class keeps out of the table of actions: in the side list, as the reference */
    if (interned == -1 && !whole) {
        whole = kept_whole(item);
        if (whole <= 0)
            return whole;   /* not yet in the table: the reference interns it */
    }
    PyObject *part[LP_COUNT] = {NULL};
    int result = -1;
    if (log_parts(log, part) < 0)
        return -1;
    PyObject *actions = part[LP_CODES], *at = part[LP_AT], *codes = part[LP_EVENT_CODES], *side = part[LP_EVENT_SIDE];
    Py_ssize_t had = PyObject_Size(actions), events = PyObject_Size(at);
    if (had < 0 || events < 0)
        goto done;
    result = 0;
    if (whole) {
        if (!PyList_CheckExact(side) || le_index_shift < 0)
            goto done;
        interned = (long)PyList_GET_SIZE(side) << le_index_shift | le_side_flag;
    }
    long code = interned | (table_scores ? le_scored_seat : small_int(PyTuple_GET_ITEM(le_seat_code, who < 0 ? seats - 1 : who)));
    if (code < 0 || code > 0xFFFF || had + events > 0xFFFF)
        goto done;   /* a code or a number that may not fit the arrays: the reference widens them */
    if (whole) {
        PyObject *kept = table_scores ? PyObject_GetAttr(item, s_result) : Py_NewRef(item);
        if (kept == NULL || PyList_Append(side, kept) < 0) {
            Py_XDECREF(kept);
            result = -1;
            goto done;
        }
        Py_DECREF(kept);
    }
    PyObject *number = PyLong_FromSsize_t(had + events), *value = PyLong_FromLong(code), *done_at = NULL, *done_code = NULL;
    if (number != NULL && value != NULL && (done_at = PyObject_CallMethodOneArg(at, s_append, number)) != NULL)
        done_code = PyObject_CallMethodOneArg(codes, s_append, value);
    result = done_code == NULL ? -1 : 1;
    Py_XDECREF(number);
    Py_XDECREF(value);
    Py_XDECREF(done_at);
    Py_XDECREF(done_code);
done:
    for (int i = 0; i < LP_COUNT; i++)
        Py_XDECREF(part[i]);
    return result;
}

static PyObject *
log_event_method(PyObject *log, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "event(seat, item)");
        return NULL;
    }
    int done = log_event_fast(log, args[0], args[1]);
    if (done < 0)
        return NULL;
    if (done)
        Py_RETURN_NONE;
    PyObject *call[3] = {log, args[0], args[1]};
    return PyObject_Vectorcall(le_reference, call, 3, NULL);
}

static PyMethodDef log_event_def = {"event", (PyCFunction)(void (*)(void))log_event_method, METH_FASTCALL,
                                    "event(seat, item): announce item (concerning seat; -1: the table) after the last "
                                    "action (atout.log.Log.event, compiled)."};

/* log_event(Log, Log.event, NARROW_CODE, SEAT_CODE, Scored, INDEX_SHIFT, SIDE_FLAG, SCORED): the compiled
 * `Log.event`, a method of Log. */
static PyObject *
log_event(PyObject *module, PyObject *args)
{
    PyObject *type, *reference, *narrow, *seat_code, *scored;
    long index_shift, side_flag, scored_seat;
    if (!PyArg_ParseTuple(args, "O!OO!O!O!lll:log_event", &PyType_Type, &type, &reference, &PyDict_Type, &narrow,
                          &PyTuple_Type, &seat_code, &PyType_Type, &scored, &index_shift, &side_flag, &scored_seat))
        return NULL;
    if (index_shift < 0 || index_shift > 16 || side_flag < 0 || side_flag >= 1L << index_shift || scored_seat < 0
        || scored_seat >= side_flag) {
        PyErr_SetString(PyExc_ValueError, "log_event: a side flag below 1 << INDEX_SHIFT, the scores' seat below it");
        return NULL;
    }
    le_scored_seat = scored_seat;
    le_index_shift = index_shift;
    le_side_flag = side_flag;
    if (PyTuple_GET_SIZE(seat_code) < 2) {
        PyErr_SetString(PyExc_ValueError, "log_event: SEAT_CODE names every seat and the table");
        return NULL;
    }
    Py_XSETREF(le_reference, Py_NewRef(reference));
    Py_XSETREF(le_narrow, Py_NewRef(narrow));
    Py_XSETREF(le_seat_code, Py_NewRef(seat_code));
    Py_XSETREF(le_scored, Py_NewRef(scored));
    return PyDescr_NewMethod((PyTypeObject *)type, &log_event_def);
}

/* `event` concerning `seat` put in the log `log` (the state's `announce`): 0, or -1 on an error. */
static int
announce(PyObject *log, PyObject *seat, PyObject *event)
{
    if (log == NULL) {
        PyErr_SetString(PyExc_AttributeError, "no log");
        return -1;
    }
    int done = log_event_fast(log, seat, event);
    if (done != 0)
        return done < 0 ? -1 : 0;
    PyObject *args[3] = {log, seat, event};
    PyObject *called = PyObject_VectorcallMethod(s_event, args, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    Py_XDECREF(called);
    return called == NULL ? -1 : 0;
}

/* The history's `codes` record the card `c` played by `seat`, as State.apply does (`card_bytes` and
 * `card_code`: atout.history's CARD_BYTES and CARD_CODE): 0, or -1 on an error. */
static int
put_card_code(PyObject *card_bytes, PyObject *card_code, PyObject *codes, long seat, long c)
{
    PyObject *bytes_row = PyTuple_GetItem(card_bytes, seat);
    PyObject *bytes = bytes_row == NULL ? NULL : PySequence_GetItem(bytes_row, c);
    if (bytes == NULL)
        return -1;
    PyObject *done = PyObject_CallMethodOneArg(codes, s_frombytes, bytes);
    Py_DECREF(bytes);
    if (done == NULL) {     /* a history turned 32-bit */
        if (!PyErr_ExceptionMatches(PyExc_ValueError))
            return -1;
        PyErr_Clear();
        PyObject *row = PyTuple_GetItem(card_code, seat);
        PyObject *code = row == NULL ? NULL : PySequence_GetItem(row, c);
        if (code == NULL)
            return -1;
        done = PyObject_CallMethodOneArg(codes, s_append, code);
        Py_DECREF(code);
        if (done == NULL)
            return -1;
    }
    Py_DECREF(done);
    return 0;
}

static int
record_card(CardPlayObject *self, PyObject *codes, long seat, long c)
{
    return put_card_code(self->card_bytes, self->card_code, codes, seat, c);
}

/* The undo ring keeps `snapshot`, and at most `depth` of them, as State.apply does: 0, or -1 on an error. */
static int
keep_snapshot(PyObject *ring, PyObject *snapshot, Py_ssize_t depth)
{
    Py_ssize_t size = PyList_GET_SIZE(ring);
    if (size > 0 && size == depth) {   /* a full ring: the oldest out, the others along, the new one last */
        PyObject **items = ((PyListObject *)ring)->ob_item, *old = items[0];
        memmove(items, items + 1, (size_t)(size - 1) * sizeof(PyObject *));
        items[size - 1] = Py_NewRef(snapshot);
        Py_DECREF(old);
        return 0;
    }
    if (PyList_Append(ring, snapshot) < 0)
        return -1;
    return PyList_GET_SIZE(ring) > depth && PyList_SetSlice(ring, 0, 1, NULL) < 0 ? -1 : 0;
}

/* State.apply's bookkeeping of an action that is not a card: the position before it kept for undo (at most
 * `depth`), its `code` (its seat's and its own) in the history `codes`, and the next version (a new reference
 * in `*new_version`). 0, or -1 on an error. */
static int
keep_action(CardPlayObject *self, PyObject *state, PyObject *codes, PyObject *ring, Py_ssize_t depth, long code,
            long version, PyObject **new_version)
{
    PyObject *snapshot = PyObject_CallOneArg(self->snapshot, state), *value = NULL, *done = NULL;
    int ok = snapshot != NULL && (value = PyLong_FromLong(code)) != NULL
             && (*new_version = PyLong_FromLong(version + 1)) != NULL && keep_snapshot(ring, snapshot, depth) == 0
             && (done = PyObject_CallMethodOneArg(codes, s_append, value)) != NULL;
    Py_XDECREF(snapshot);
    Py_XDECREF(value);
    Py_XDECREF(done);
    if (!ok)
        Py_CLEAR(*new_version);
    return ok ? 0 : -1;
}

/* An action that is not a card played: kept for undo (`keep_action`) with the next version, then the `n`
 * fields at `fields` set to `values` (new references, taken; NULL where one could not be made: then
 * nothing is changed, every value released). 1, or -1 on an error. */
static int
keep_and_set(CardPlayObject *self, PyObject *state, Py_ssize_t *off, PyObject *codes, PyObject *ring,
             Py_ssize_t depth, long code, long version, int n, const int *fields, PyObject **values)
{
    PyObject *new_version = NULL;
    int made = 1;
    for (int i = 0; i < n; i++)
        made &= values[i] != NULL;
    if (!made || keep_action(self, state, codes, ring, depth, code, version, &new_version) < 0) {
        for (int i = 0; i < n; i++)
            Py_XDECREF(values[i]);
        return -1;
    }
    set_slot(state, off[F_VERSION], new_version);
    for (int i = 0; i < n; i++)
        set_slot(state, off[fields[i]], values[i]);
    return 1;
}

/* The state class's `undo_depth` (-1 on an error). */
static Py_ssize_t
undo_depth(PyObject *state)
{
    long depth = int_attr((PyObject *)Py_TYPE(state), s_undo_depth);
    if (depth == -1)
        PyErr_SetString(PyExc_TypeError, "CardPlay: undo_depth is an int");
    return depth < 0 ? -1 : depth;
}

/* Sizette, Quadrette: whether `hand_edges` (HE_*) is what `parlante_hand_won` reads, its places kept in `self`:
 * 1, or 0 with an error set. */
static int
hand_edges_ok(CardPlayObject *self, PyObject *hand_edges, SlotsObject *fields)
{
    if (PyTuple_GET_SIZE(hand_edges) != HE_COUNT) {
        PyErr_SetString(PyExc_ValueError, "CardPlay parlante: the hand's end, HE_COUNT values");
        return 0;
    }
    PyObject *places = PyTuple_GET_ITEM(hand_edges, HE_PLACES), *fresh = PyTuple_GET_ITEM(hand_edges, HE_FRESH);
    PyObject *pairs = PyTuple_GET_ITEM(hand_edges, HE_WIN_POINTS);
    for (int i = HE_RESULT; i <= HE_DEAL; i++)
        if ((i <= HE_SCORED || i == HE_DEAL) && !PyType_Check(PyTuple_GET_ITEM(hand_edges, i))) {
            PyErr_SetString(PyExc_TypeError, "CardPlay parlante: HandResult, PlayedTricks, Scored and Deal are types");
            return 0;
        }
    static const int ints[] = {HE_CUT, HE_DEAL_PHASE, HE_PLAY, HE_C1, HE_C2, HE_ZONED, HE_VOLE, HE_OVER};
    for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++)
        if (small_int(PyTuple_GET_ITEM(hand_edges, ints[i])) < 0) {
            PyErr_SetString(PyExc_TypeError, "CardPlay parlante: the phases CUT, DEAL, PLAY, VOLE and OVER, the windows C1 "
                            "and C2, ZONED");
            return 0;
        }
    PyObject *points = PyTuple_GET_ITEM(hand_edges, HE_WIN_POINTS), *reasons = PyTuple_GET_ITEM(hand_edges, HE_VOLE_REASONS);
    for (int i = 0; i < 2; i++)
        if (!PyTuple_CheckExact(PyTuple_GET_ITEM(points, i)) || PyTuple_GET_SIZE(PyTuple_GET_ITEM(points, i)) != 3) {
            PyErr_SetString(PyExc_TypeError, "CardPlay parlante: the points 0, 1 and 2 of each side");
            return 0;
        }
    if (!PyTuple_CheckExact(reasons) || PyTuple_GET_SIZE(reasons) != 2) {
        PyErr_SetString(PyExc_TypeError, "CardPlay parlante: the reasons vole_failed and vole");
        return 0;
    }
    if (!PyType_Check(PyTuple_GET_ITEM(hand_edges, HE_CUT_TYPE)) || !PyType_Check(PyTuple_GET_ITEM(hand_edges, HE_VOLE_TYPE))
        || !PyType_Check(PyTuple_GET_ITEM(hand_edges, HE_OUTCOME)) || !PyType_Check(PyTuple_GET_ITEM(hand_edges, HE_CLOSE_TYPE))) {
        PyErr_SetString(PyExc_TypeError, "CardPlay parlante: Cut, Vole, Outcome and Close are types");
        return 0;
    }
    if (!PyType_IsSubtype((PyTypeObject *)PyTuple_GET_ITEM(hand_edges, HE_RESULT), &PyTuple_Type)
        || !PyType_Check(PyTuple_GET_ITEM(hand_edges, HE_SLOW))
        || !PyType_IsSubtype((PyTypeObject *)PyTuple_GET_ITEM(hand_edges, HE_SLOW), &PyTuple_Type)
        || !PyTuple_CheckExact(PyTuple_GET_ITEM(hand_edges, HE_SUITS)) || PyTuple_GET_SIZE(PyTuple_GET_ITEM(hand_edges, HE_SUITS)) != 4
        || !PyDict_CheckExact(PyTuple_GET_ITEM(hand_edges, HE_PAIRS)) || !PyTuple_CheckExact(pairs) || PyTuple_GET_SIZE(pairs) != 2
        || !Py_IS_TYPE(fresh, &SlotsType) || ((SlotsObject *)fresh)->owner != fields->owner
        || !PyTuple_CheckExact(places) || PyTuple_GET_SIZE(places) != SL_COUNT
        || !PyUnicode_CheckExact(PyTuple_GET_ITEM(hand_edges, HE_TARGET))
        || !PyTuple_CheckExact(PyTuple_GET_ITEM(hand_edges, HE_NO_CLAIMS))) {
        PyErr_SetString(PyExc_TypeError, "CardPlay parlante: the hand's end, as atout.games.sizette.state gives it");
        return 0;
    }
    for (int i = 0; i < SL_COUNT; i++)
        if ((self->slow_places[i] = small_int(PyTuple_GET_ITEM(places, i))) < 0) {
            PyErr_SetString(PyExc_ValueError, "CardPlay parlante: the slow record's places");
            return 0;
        }
    return 1;
}

/* The packed tricks of a finished hand (`events.PlayedTricks.of`): per TrickRecord its leader, its winner plus
 * one, how many cards, the cards' ids; a new bytes, or NULL (an error set, or none: not the fast case). */
static PyObject *
packed_tricks(PyObject *tricks)
{
    Py_ssize_t count = PyTuple_GET_SIZE(tricks), size = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *record = PyTuple_GET_ITEM(tricks, i);
        if (!PyTuple_Check(record) || PyTuple_GET_SIZE(record) != 3 || !PyTuple_CheckExact(PyTuple_GET_ITEM(record, 1)))
            return NULL;
        size += 3 + PyTuple_GET_SIZE(PyTuple_GET_ITEM(record, 1));
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, size);
    if (out == NULL)
        return NULL;
    unsigned char *at = (unsigned char *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *record = PyTuple_GET_ITEM(tricks, i), *cards = PyTuple_GET_ITEM(record, 1);
        long leader = small_int(PyTuple_GET_ITEM(record, 0)), winner = small_int(PyTuple_GET_ITEM(record, 2)) + 1;
        Py_ssize_t n = PyTuple_GET_SIZE(cards);
        if (leader < 0 || leader > 255 || winner < 0 || winner > 255 || n > 255)
            goto none;
        *at++ = (unsigned char)leader;
        *at++ = (unsigned char)winner;
        *at++ = (unsigned char)n;
        for (Py_ssize_t j = 0; j < n; j++) {
            long c = small_int(PyTuple_GET_ITEM(cards, j));
            if (c < 0 || c > 255)
                goto none;
            *at++ = (unsigned char)c;
        }
    }
    return out;
none:
    Py_DECREF(out);
    return NULL;
}

/* Sizette, Quadrette: the hand ended in play by the trick just made in `m`, `value` points to `side` for the
 * reason `why` (NULL: a plain win, `rules.plain_reason`), as `scoring.after_trick` says — the reference's
 * `end_hand`: its result and the `Scored` event, then the next hand's cut due (`next_hand_or_end`,
 * `_begin_hand`): the new slow record, the dealer, the fresh values of the hand's fields, in `m`; or, when it
 * wins the partie, its end (`end_if_won`, `_end_partie`): the slow record, the outcome, in `m`. `hand_start`
 * is the log's length once the hand is scored (the next hand's first entry). 1: made; 0: not the fast case
 * (table-law revokes, no captain yet, a state not as kept); -1: an error. */
static int
parlante_hand_won(CardPlayObject *self, PyObject *state, Made *m, long n, long side, long value, PyObject *why,
                  Py_ssize_t hand_start)
{
    Py_ssize_t *off = self->fields->offsets, *at = self->slow_places;
    PyObject *he = self->hand_edges, *slow = *SLOT(state, off[FP_SLOW]), *rules = *SLOT(state, off[FP_RULES]);
    PyObject *captains = *SLOT(state, off[FP_CAPTAINS]), *trump = *SLOT(state, off[FP_TRUMP]);
    PyObject *dealer = *SLOT(state, off[FP_DEALER]), *talk = *SLOT(state, off[FP_TALK]);
    PyObject *turned = *SLOT(state, off[FP_TURNED]);
    long d = small_int(dealer), t = trump == Py_None ? -1 : small_int(trump);
    if (he == NULL || slow == NULL || !Py_IS_TYPE(slow, (PyTypeObject *)PyTuple_GET_ITEM(he, HE_SLOW)) || talk == NULL
        || turned == NULL || d < 0 || d >= n || (trump != Py_None && (t < 0 || t > 3))
        || small_int(PyTuple_GET_ITEM(captains, 0)) < 0 || small_int(PyTuple_GET_ITEM(captains, 1)) < 0)
        return 0;
    Py_ssize_t length = PyTuple_GET_SIZE(slow);
    for (int i = 0; i < SL_COUNT; i++)
        if (at[i] >= length)
            return 0;
    PyObject *scores = PyTuple_GET_ITEM(slow, at[SL_SCORES]), *revokes = PyTuple_GET_ITEM(slow, at[SL_REVOKES]);
    PyObject *results = PyTuple_GET_ITEM(slow, at[SL_RESULTS]);
    long hand_no = small_int(PyTuple_GET_ITEM(slow, at[SL_HAND_NO]));
    if (!PyTuple_CheckExact(revokes) || PyTuple_GET_SIZE(revokes) || !PyTuple_CheckExact(results) || hand_no < 0
        || !PyTuple_CheckExact(scores) || PyTuple_GET_SIZE(scores) != 2)
        return 0;
    long a = small_int(PyTuple_GET_ITEM(scores, 0)), b = small_int(PyTuple_GET_ITEM(scores, 1));
    long target = int_attr(rules, s_target);
    if (target == -2)
        return -1;
    if (a < 0 || b < 0 || target < 0)
        return 0;
    a += side == 0 ? value : 0;
    b += side == 1 ? value : 0;
    long won_by = a >= target && a > b ? 0 : b >= target && b > a ? 1 : -1;   /* `scoring.winner_of` */
    PyObject *fresh = PyObject_GetAttr(rules, s_fresh_values), *fresh_slow = NULL, *reason = NULL, *key = NULL;
    PyObject *packed = NULL, *plays = NULL, *result = NULL, *items = NULL, *args = NULL;
    int made = -1;
    if (fresh == NULL || (fresh_slow = PyObject_GetAttr(rules, s_fresh_slow_values)) == NULL
        || (reason = why != NULL ? Py_NewRef(why) : PyObject_GetAttr(rules, s_plain_reason)) == NULL)
        goto done;
    made = 0;
    if (!PyTuple_CheckExact(fresh) || PyTuple_GET_SIZE(fresh) != PyTuple_GET_SIZE(((SlotsObject *)PyTuple_GET_ITEM(he, HE_FRESH))->names)
        || !PyTuple_CheckExact(fresh_slow) || at[SL_HAND] + PyTuple_GET_SIZE(fresh_slow) != length)
        goto done;
    made = -1;
    /* the scores, one shared pair per value as `scoring.pair` keeps them */
    if ((key = Py_BuildValue("(ll)", a, b)) == NULL)
        goto done;
    PyObject *pairs = PyTuple_GET_ITEM(he, HE_PAIRS);
    if (PyDict_GET_SIZE(pairs) < 10000) {
        PyObject *shared = PyDict_SetDefault(pairs, key, key);
        if (shared == NULL)
            goto done;
        Py_SETREF(key, Py_NewRef(shared));
    }
    /* the result: `HandResult(hand_no, dealer, trump, tricks, points, reason, scores, turned, captains, plays,
     * talk, "")`, its tricks packed */
    if ((packed = packed_tricks(m->done_tricks)) == NULL) {
        made = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    if ((plays = PyObject_CallOneArg(PyTuple_GET_ITEM(he, HE_PLAYED), packed)) == NULL)
        goto done;
    PyObject *suit = t < 0 ? Py_None : PyTuple_GET_ITEM(PyTuple_GET_ITEM(he, HE_SUITS), t);
    items = PyTuple_Pack(12, PyTuple_GET_ITEM(slow, at[SL_HAND_NO]), dealer, suit, m->tricks_won,
                         PyTuple_GET_ITEM(PyTuple_GET_ITEM(PyTuple_GET_ITEM(he, HE_WIN_POINTS), side), value), reason,
                         key, turned, captains,
                         plays, talk, PyTuple_GET_ITEM(he, HE_NO_PENALTY));
    if (items == NULL || (args = PyTuple_Pack(1, items)) == NULL
        || (result = PyTuple_Type.tp_new((PyTypeObject *)PyTuple_GET_ITEM(he, HE_RESULT), args, NULL)) == NULL
        || (m->scored = PyObject_CallOneArg(PyTuple_GET_ITEM(he, HE_SCORED), result)) == NULL)
        goto done;
    /* the slow record: the result kept, the scores, the next hand's number and start, its fresh fields; or the
     * partie won (`_end_partie`): its winner and why, no claim disputed */
    Py_CLEAR(items);
    Py_CLEAR(args);
    if ((items = PyTuple_New(length)) == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < length; i++) {
        PyObject *value;
        if (won_by >= 0 && i != at[SL_SCORES] && i != at[SL_RESULTS])
            value = i == at[SL_WINNER] ? PyLong_FromLong(won_by)
                    : Py_NewRef(i == at[SL_END_REASON] ? PyTuple_GET_ITEM(he, HE_TARGET)
                                : i == at[SL_DISPUTED] ? empty_tuple : PyTuple_GET_ITEM(slow, i));
        else if (i >= at[SL_HAND])
            value = Py_NewRef(PyTuple_GET_ITEM(fresh_slow, i - at[SL_HAND]));
        else if (i == at[SL_HAND_NO])
            value = PyLong_FromLong(hand_no + 1);
        else if (i == at[SL_SCORES])
            value = Py_NewRef(key);
        else if (i == at[SL_RESULTS])
            value = tuple_plus(results, result);
        else if (i == at[SL_CAPTAIN_CHANGES])
            value = Py_NewRef(PyTuple_GET_ITEM(he, HE_NO_CHANGES));
        else if (i == at[SL_HAND_START])   /* the log after the action and its events, the hand scored last */
            value = PyLong_FromSsize_t(hand_start);
        else
            value = Py_NewRef(PyTuple_GET_ITEM(slow, i));
        if (value == NULL)
            goto done;
        PyTuple_SET_ITEM(items, i, value);
    }
    if ((args = PyTuple_Pack(1, items)) == NULL
        || (m->slow = PyTuple_Type.tp_new((PyTypeObject *)PyTuple_GET_ITEM(he, HE_SLOW), args, NULL)) == NULL)
        goto done;
    if (won_by >= 0) {   /* `Outcome(scores, (winner,), EndReason.TARGET)`; nobody to move */
        if (m->hands != NULL) {   /* a card: its trick won (`play._end_trick`), the winner to lead were play to go on */
            Py_XSETREF(m->trick, PyTuple_New(0));
            Py_XSETREF(m->led, Py_NewRef(Py_None));
            Py_XSETREF(m->mover, Py_NewRef(m->leader));
            if (m->trick == NULL)
                goto done;
        }
        PyObject *winners = Py_BuildValue("(l)", won_by);
        m->outcome = winners == NULL ? NULL
                     : PyObject_CallFunctionObjArgs(PyTuple_GET_ITEM(he, HE_OUTCOME), key, winners,
                                                    PyTuple_GET_ITEM(he, HE_TARGET_REASON), NULL);
        Py_XDECREF(winners);
        Py_XSETREF(m->to_move, PyLong_FromLong(-2));
        Py_XSETREF(m->mode, PyLong_FromLong(self->other));
        made = m->outcome == NULL || m->to_move == NULL || m->mode == NULL ? -1 : 1;
        goto done;
    }
    if ((m->dealer = PyLong_FromLong(d + 1 < n ? d + 1 : 0)) == NULL)
        goto done;
    /* the cut due: the seat on the new dealer's left (the old dealer) */
    Py_XSETREF(m->to_move, Py_NewRef(dealer));
    Py_XSETREF(m->mode, PyLong_FromLong(self->other));
    m->fresh = Py_NewRef(fresh);
    made = m->mode == NULL ? -1 : 1;
done:
    Py_XDECREF(fresh);
    Py_XDECREF(fresh_slow);
    Py_XDECREF(reason);
    Py_XDECREF(key);
    Py_XDECREF(packed);
    Py_XDECREF(plays);
    Py_XDECREF(result);
    Py_XDECREF(items);
    Py_XDECREF(args);
    return made;
}

/* Sizette, Quadrette: the hand won by the action just recorded (`parlante_hand_won` made `m`): the hand's
 * fields fresh, the dealer, the cut due, the slow record; or the partie won: the card's change, the outcome,
 * the phase OVER, nobody to move. Then the trick won (a card's) and the hand scored in the log. 1, or -1. */
static int
parlante_hand_over(CardPlayObject *self, PyObject *state, Made *m)
{
    Py_ssize_t *off = self->fields->offsets;
    PyObject *he = self->hand_edges;
    SlotsObject *fresh = (SlotsObject *)PyTuple_GET_ITEM(he, HE_FRESH);
    set_slot(state, off[F_VERSION], m->version);
    m->version = NULL;
    if (m->outcome != NULL) {   /* the partie won: the hand stays as its last action left it */
        if (m->hands != NULL) {   /* a card: played, and its trick won */
            set_slot(state, off[F_HANDS], m->hands);
            set_slot(state, off[F_PLAYED], m->played);
            set_slot(state, off[F_TRICK], m->trick);
            set_slot(state, off[F_MOVER], m->mover);
            set_slot(state, off[FP_LED], m->led);
            set_slot(state, off[FP_COMMAND], Py_NewRef(Py_None));
            set_slot(state, off[FP_DONE_TRICKS], m->done_tricks);
            set_slot(state, off[FP_TRICK_NO], m->trick_no);
            set_slot(state, off[FP_TRICKS_WON], m->tricks_won);
            set_slot(state, off[FP_LEADER], m->leader);
            m->hands = m->played = m->trick = m->mover = m->led = m->done_tricks = m->trick_no = m->tricks_won = NULL;
            m->leader = NULL;
        }
        set_slot(state, off[FP_OUTCOME], m->outcome);
        set_slot(state, off[FP_PHASE], Py_NewRef(PyTuple_GET_ITEM(he, HE_OVER)));
        set_slot(state, off[FP_WINDOW], PyLong_FromLong(self->no_window));
        set_slot(state, off[FP_PENDING], Py_NewRef(Py_None));
        set_slot(state, off[FP_CLAIMS], Py_NewRef(PyTuple_GET_ITEM(he, HE_NO_CLAIMS)));
        m->outcome = NULL;
    }
    else {
        if (set_fields(fresh, state, ((PyTupleObject *)m->fresh)->ob_item) < 0)
            goto fail;
        set_slot(state, off[FP_DEALER], m->dealer);
        set_slot(state, off[FP_PHASE], Py_NewRef(PyTuple_GET_ITEM(he, HE_CUT)));
        m->dealer = NULL;
    }
    set_slot(state, off[FP_MODE], m->mode);
    set_slot(state, off[F_TO_MOVE], m->to_move);
    set_slot(state, off[FP_SLOW], m->slow);
    m->mode = m->to_move = m->slow = NULL;
    PyObject *log = *SLOT(state, off[FP_LOG]), *table = PyLong_FromLong(-1);
    int announced = table == NULL ? -1 : m->event == NULL ? 0 : announce(log, m->winner_seat, m->event);
    if (announced == 0)
        announced = announce(log, table, m->scored);
    Py_XDECREF(table);
    if (announced < 0)
        goto fail;
    made_clear(m);
    return 1;
fail:
    made_clear(m);
    return -1;
}

/* Sizette, Quadrette: the deal `sample_chance` made for this very position (`State._made_here`), applied as
 * the reference does (`turns.check_other`, `history.record` of the deal packed by its zones, `_on_deal`
 * with the window C1 opened, `_turn`, the position kept after a chance step). 1: done; 0: not the fast
 * case (nothing changed: the caller runs the reference); -1: an error. */
static int
parlante_deal_fast(CardPlayObject *self, PyObject *state, PyObject *deal, PyObject *seat_arg)
{
    PyObject *codes, *ring, *he = self->hand_edges;
    Py_ssize_t *off = own_fields(self, state, NULL, &codes, &ring);
    if (off == NULL || he == NULL || le_index_shift < 0)
        return 0;
    Py_ssize_t *at = self->slow_places;
    PyObject *sampled = *SLOT(state, off[FP_SAMPLED]), *slow = *SLOT(state, off[FP_SLOW]);
    PyObject *anchors = *SLOT(state, off[FP_ANCHORS]), *rules = *SLOT(state, off[FP_RULES]);
    PyObject *side_of = *SLOT(state, off[FP_SIDE_OF]), *captains = *SLOT(state, off[FP_CAPTAINS]);
    long version = small_int(*SLOT(state, off[F_VERSION])), n = small_int(*SLOT(state, off[FP_N]));
    long dealer = small_int(*SLOT(state, off[FP_DEALER]));
    if (small_int(*SLOT(state, off[F_TO_MOVE])) != -1 || (seat_arg != NULL && seat_arg != Py_None && small_int(seat_arg) != -1)
        || small_int(*SLOT(state, off[FP_PHASE])) != small_int(PyTuple_GET_ITEM(he, HE_DEAL_PHASE))
        || sampled == NULL || !PyTuple_CheckExact(sampled) || PyTuple_GET_SIZE(sampled) != 2
        || PyTuple_GET_ITEM(sampled, 1) != deal || small_int(PyTuple_GET_ITEM(sampled, 0)) != version || version < 0
        || slow == NULL || !Py_IS_TYPE(slow, (PyTypeObject *)PyTuple_GET_ITEM(he, HE_SLOW)) || anchors == NULL
        || !PyList_CheckExact(anchors) || n < 2 || n > 7 || dealer < 0 || dealer >= n || side_of == NULL
        || !PyTuple_CheckExact(side_of) || PyTuple_GET_SIZE(side_of) != n || captains == NULL
        || !PyTuple_CheckExact(captains) || PyTuple_GET_SIZE(captains) != 2)
        return 0;   /* not the deal made here for this version: the reference checks it */
    Py_ssize_t length = PyTuple_GET_SIZE(slow), size = PyObject_Size(codes), depth = undo_depth(state);
    if (size < 0 || depth < 0)
        return -1;
    for (int i = 0; i < SL_COUNT; i++)
        if (at[i] >= length)
            return 0;
    if (!(size & self->anchor_mask))
        return 0;   /* the reference keeps a position before it too */
    long leader = dealer + 1 < n ? dealer + 1 : 0, side = small_int(PyTuple_GET_ITEM(side_of, leader));
    if ((side != 0 && side != 1) || small_int(PyTuple_GET_ITEM(captains, side)) < 0)
        return 0;
    PyObject *parts[LP_COUNT] = {NULL};
    PyObject *hands = NULL, *talon = NULL, *turned = NULL, *pack = NULL, *zones = NULL, *packed = NULL;
    PyObject *new_hands = NULL, *items = NULL, *args = NULL, *new_slow = NULL, *bit = NULL, *keys = NULL;
    PyObject *talon_size = NULL, *all_keys = NULL, *new_version = NULL, *snap = NULL, *anchor = NULL;
    PyObject *number = NULL, *zero = PyLong_FromLong(0);
    int result = -1;
    if (zero == NULL || (hands = PyObject_GetAttr(deal, s_hands)) == NULL || (talon = PyObject_GetAttr(deal, s_talon)) == NULL
        || (turned = PyObject_GetAttr(deal, s_turned)) == NULL || (pack = PyObject_GetAttr(deal, s_pack)) == NULL
        || (zones = PyObject_GetAttr(deal, s_zones)) == NULL || log_parts(*SLOT(state, off[FP_LOG]), parts) < 0)
        goto done;
    result = 0;
    if (!PyTuple_CheckExact(hands) || PyTuple_GET_SIZE(hands) != n || !PyTuple_CheckExact(talon) || !PyTuple_CheckExact(turned)
        || PyTuple_GET_SIZE(turned) != 1 || !PyTuple_CheckExact(pack) || PyTuple_GET_SIZE(pack) > 255 || !PyBytes_CheckExact(zones)
        || !PyList_CheckExact(parts[LP_SIDE]) || parts[LP_CODES] != codes)
        goto done;
    long turned_card = small_int(PyTuple_GET_ITEM(turned, 0));
    if (turned_card < 0 || turned_card >= 52)
        goto done;
    /* the deal in the history: kept packed in the side list (`history.pack_deal`, its zones given) */
    long code = ((long)PyList_GET_SIZE(parts[LP_SIDE]) << le_index_shift | le_side_flag)
                | small_int(PyTuple_GET_ITEM(self->seat_code, PyTuple_GET_SIZE(self->seat_code) - 1));   /* the table's */
    if (code < 0 || code > 0xFFFF)
        goto done;   /* a code past 16 bits: the reference widens the history */
    Py_ssize_t cards = PyTuple_GET_SIZE(pack), zone_size = PyBytes_GET_SIZE(zones);
    if ((packed = PyBytes_FromStringAndSize(NULL, 2 + cards + zone_size + 2)) == NULL)
        goto fail;
    unsigned char *write = (unsigned char *)PyBytes_AS_STRING(packed);
    *write++ = (unsigned char)(small_int(PyTuple_GET_ITEM(he, HE_ZONED)) | n);
    *write++ = (unsigned char)cards;
    for (Py_ssize_t i = 0; i < cards; i++) {
        long c = small_int(PyTuple_GET_ITEM(pack, i));
        if (c < 0 || c > 255)
            goto done;
        *write++ = (unsigned char)c;
    }
    memcpy(write, PyBytes_AS_STRING(zones), (size_t)zone_size);
    write += zone_size;
    *write++ = 1;
    *write = (unsigned char)turned_card;
    /* `_on_deal`: the hands as ints, the talon and the turned card in the slow record, the trump's keys */
    if ((new_hands = PyTuple_New(n)) == NULL)
        goto fail;
    for (long s = 0; s < n; s++) {
        PyObject *plain = PyNumber_Long(PyTuple_GET_ITEM(hands, s));   /* `int(hand)`: a plain int */
        if (plain == NULL)
            goto fail;
        PyTuple_SET_ITEM(new_hands, s, plain);
    }
    if ((talon_size = PyObject_GetAttr(rules, s_talon_size)) == NULL || (all_keys = PyObject_GetAttr(rules, s_keys_by_trump)) == NULL
        || (bit = PyLong_FromUnsignedLongLong(1ULL << turned_card)) == NULL)
        goto fail;
    int has_talon = PyObject_IsTrue(talon_size);
    if (has_talon < 0)
        goto fail;
    if (!PyTuple_CheckExact(all_keys) || PyTuple_GET_SIZE(all_keys) != 4)
        goto done;
    keys = Py_NewRef(PyTuple_GET_ITEM(all_keys, turned_card / 13));
    if ((items = PyTuple_New(length)) == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < length; i++) {
        PyObject *value = i == at[SL_TALON] ? talon : i == at[SL_TURNED_BIT] ? bit
                          : i == at[SL_TALON_TURNED] ? (has_talon ? bit : zero) : PyTuple_GET_ITEM(slow, i);
        PyTuple_SET_ITEM(items, i, Py_NewRef(value));
    }
    if ((args = PyTuple_Pack(1, items)) == NULL
        || (new_slow = PyTuple_Type.tp_new((PyTypeObject *)PyTuple_GET_ITEM(he, HE_SLOW), args, NULL)) == NULL)
        goto fail;
    /* the bookkeeping of State.apply (`keep_action`), the deal in the side list, then the position */
    if (keep_action(self, state, codes, ring, depth, code, version, &new_version) < 0)
        goto fail;
    if (PyList_Append(parts[LP_SIDE], packed) < 0)
        goto fail;
    long c1 = small_int(PyTuple_GET_ITEM(he, HE_C1)), other = self->other;
    PyObject *captain = PyTuple_GET_ITEM(captains, side);
    PyObject *leader_seat = PyLong_FromLong(leader), *window = PyLong_FromLong(c1), *team = PyLong_FromLong(side);
    PyObject *mode = PyLong_FromLong(other), *remarks = PyObject_GetAttr(rules, s_no_remarks);
    if (leader_seat == NULL || window == NULL || team == NULL || mode == NULL || remarks == NULL) {
        Py_XDECREF(leader_seat);
        Py_XDECREF(window);
        Py_XDECREF(team);
        Py_XDECREF(mode);
        Py_XDECREF(remarks);
        goto fail;
    }
    set_slot(state, off[F_VERSION], new_version);
    set_slot(state, off[F_HANDS], new_hands);
    set_slot(state, off[FP_SLOW], new_slow);
    set_slot(state, off[FP_TURNED], Py_NewRef(PyTuple_GET_ITEM(turned, 0)));
    set_slot(state, off[FP_TRUMP], PyLong_FromLong(turned_card / 13));
    set_slot(state, off[FP_KEYS], keys);
    set_slot(state, off[FP_LEADER], Py_NewRef(leader_seat));
    set_slot(state, off[F_MOVER], leader_seat);
    set_slot(state, off[FP_PHASE], Py_NewRef(PyTuple_GET_ITEM(he, HE_PLAY)));
    set_slot(state, off[FP_COMMAND], Py_NewRef(Py_None));
    set_slot(state, off[FP_FAILED], Py_NewRef(zero));
    set_slot(state, off[FP_WINDOW], window);
    set_slot(state, off[FP_WINDOW_TEAM], team);
    set_slot(state, off[FP_REMARKS], remarks);
    set_slot(state, off[FP_MODE], mode);
    set_slot(state, off[F_TO_MOVE], Py_NewRef(captain));
    new_version = new_hands = new_slow = keys = NULL;
    /* a chance step: the position after it is kept (`State._keep_anchor`) */
    Py_ssize_t kept = PyList_GET_SIZE(anchors);
    PyObject *last = kept ? PyList_GET_ITEM(anchors, kept - 1) : NULL;
    if (last != NULL && (!PyTuple_Check(last) || PyTuple_GET_SIZE(last) < 1)) {
        PyErr_SetString(PyExc_RuntimeError, "CardPlay parlante: the kept positions, not as State keeps them");
        goto fail;
    }
    long last_length = last == NULL ? -1 : small_int(PyTuple_GET_ITEM(last, 0));
    if (last == NULL || last_length < size + 1) {
        if ((snap = PyObject_CallOneArg(self->snapshot, state)) == NULL || (number = PyLong_FromSsize_t(size + 1)) == NULL
            || (anchor = PyTuple_Pack(2, number, snap)) == NULL || PyList_Append(anchors, anchor) < 0)
            goto fail;
        if (PyList_GET_SIZE(anchors) > 2 && PySequence_DelItem(anchors, 1) < 0)
            goto fail;
    }
    result = 1;
    goto done;
fail:
    result = -1;
done:
    for (int i = 0; i < LP_COUNT; i++)
        Py_XDECREF(parts[i]);
    Py_XDECREF(hands);
    Py_XDECREF(talon);
    Py_XDECREF(turned);
    Py_XDECREF(pack);
    Py_XDECREF(zones);
    Py_XDECREF(packed);
    Py_XDECREF(new_hands);
    Py_XDECREF(items);
    Py_XDECREF(args);
    Py_XDECREF(new_slow);
    Py_XDECREF(bit);
    Py_XDECREF(keys);
    Py_XDECREF(talon_size);
    Py_XDECREF(all_keys);
    Py_XDECREF(new_version);
    Py_XDECREF(snap);
    Py_XDECREF(anchor);
    Py_XDECREF(number);
    Py_XDECREF(zero);
    return result;
}

/* Sizette, Quadrette: the opening lead just made in `m` by `mover` opens the window C2, where the other side
 * consults (`windows.open_c2`, then `_turn`: its captain speaks). 1: made; 0: not the fast case; -1: an error. */
static int
parlante_opening_lead(CardPlayObject *self, PyObject *state, Made *m, long mover)
{
    Py_ssize_t *off = self->fields->offsets;
    PyObject *side_of = *SLOT(state, off[FP_SIDE_OF]), *captains = *SLOT(state, off[FP_CAPTAINS]);
    if (side_of == NULL || !PyTuple_CheckExact(side_of) || mover >= PyTuple_GET_SIZE(side_of) || captains == NULL
        || !PyTuple_CheckExact(captains) || PyTuple_GET_SIZE(captains) != 2)
        return 0;
    long other = 1 - small_int(PyTuple_GET_ITEM(side_of, mover));
    if ((other != 0 && other != 1) || small_int(PyTuple_GET_ITEM(captains, other)) < 0)
        return 0;
    if ((m->remarks = PyObject_GetAttr(*SLOT(state, off[FP_RULES]), s_no_remarks)) == NULL
        || (m->window = Py_NewRef(PyTuple_GET_ITEM(self->hand_edges, HE_C2))) == NULL
        || (m->window_team = PyLong_FromLong(other)) == NULL || (m->mode = PyLong_FromLong(self->other)) == NULL)
        return -1;
    m->to_move = Py_NewRef(PyTuple_GET_ITEM(captains, other));
    return 1;
}

/* Sizette, Quadrette: the trick just made in `m` puts `side` 3–0 (4–0 under `four_needed`) up: its captain
 * decides on the vole (`play._end_trick` with the verdict `VOLE_DECISION`: `first_to_win`, the phase VOLE,
 * the captain to move). 1: made; 0: not the fast case; -1: an error. */
static int
parlante_vole_to_decide(CardPlayObject *self, PyObject *state, Made *m, long side, long captain)
{
    Py_ssize_t *off = self->fields->offsets;
    PyObject *slow = *SLOT(state, off[FP_SLOW]), *he = self->hand_edges;
    if (slow == NULL || !Py_IS_TYPE(slow, (PyTypeObject *)PyTuple_GET_ITEM(he, HE_SLOW))
        || self->slow_places[SL_FIRST_TO_WIN] >= PyTuple_GET_SIZE(slow))
        return 0;
    Py_SETREF(m->trick, PyTuple_New(0));
    m->led = Py_NewRef(Py_None);
    if (m->trick == NULL)
        return -1;
    Py_SETREF(m->mover, Py_NewRef(m->leader));
    PyObject *items = tuple_put(slow, self->slow_places[SL_FIRST_TO_WIN], PyLong_FromLong(side)), *args = NULL;
    if (items == NULL || (args = PyTuple_Pack(1, items)) == NULL
        || (m->decide = PyTuple_Type.tp_new((PyTypeObject *)PyTuple_GET_ITEM(he, HE_SLOW), args, NULL)) == NULL
        || (m->mode = PyLong_FromLong(self->other)) == NULL || (m->to_move = PyLong_FromLong(captain)) == NULL) {
        Py_XDECREF(items);
        Py_XDECREF(args);
        return -1;
    }
    Py_DECREF(items);
    Py_DECREF(args);
    m->phase = Py_NewRef(PyTuple_GET_ITEM(he, HE_VOLE));
    return 1;
}

/* Sizette, Quadrette: whether `action` is one of the moves just listed for the seat to move in the phase `phase`
 * (the very object, as `turns.check_other` passes it) and has its short code: 1, with the action's code in the
 * history (`*code`, its seat's part in) and the undo ring's depth (`*depth`); 0: not so, or a position the
 * history keeps here (the reference); -1: an error. */
static int
listed_move(CardPlayObject *self, PyObject *state, Py_ssize_t *off, PyObject *codes, PyObject *action,
            PyObject *seat_arg, long phase, long *code, Py_ssize_t *depth)
{
    PyObject *moves = *SLOT(state, off[FP_MOVES]);
    long to_move = small_int(*SLOT(state, off[F_TO_MOVE])), version = small_int(*SLOT(state, off[F_VERSION]));
    if (moves == NULL || !PyTuple_CheckExact(moves) || to_move < 0 || version < 0
        || to_move >= PyTuple_GET_SIZE(self->seat_code) - 1
        || (seat_arg != NULL && seat_arg != Py_None && small_int(seat_arg) != to_move)
        || small_int(*SLOT(state, off[FP_PHASE])) != phase
        || small_int(*SLOT(state, off[FP_MKEY])) != version || small_int(*SLOT(state, off[FP_MSEAT])) != to_move)
        return 0;
    Py_ssize_t listed = PyTuple_GET_SIZE(moves), i = 0;
    while (i < listed && PyTuple_GET_ITEM(moves, i) != action)
        i++;
    if (i == listed)
        return 0;
    long narrow = narrow_code_of(self->narrow_code, action);
    Py_ssize_t length = PyObject_Size(codes);
    long seat_code = small_int(PyTuple_GET_ITEM(self->seat_code, to_move));
    *depth = undo_depth(state);
    if (narrow < 0 || length < 0 || *depth < 0 || seat_code < 0 || !(length & self->anchor_mask))
        return narrow == -2 || PyErr_Occurred() ? -1 : 0;
    *code = seat_code | narrow;
    return 1;
}

/* Sizette, Quadrette: the cut, one of the moves just listed (the very object): the reference's check
 * (`turns.check_other`), `_on_cut` (the cut's position in the slow record, the deal due) and `_turn` (the
 * table deals: CHANCE to move). 1: done; 0: not the fast case (nothing changed); -1: an error. */
static int
parlante_cut_fast(CardPlayObject *self, PyObject *state, PyObject *action, PyObject *seat_arg)
{
    PyObject *codes, *ring, *he = self->hand_edges;
    Py_ssize_t *off = own_fields(self, state, NULL, &codes, &ring);
    if (off == NULL)
        return 0;
    PyObject *slow = *SLOT(state, off[FP_SLOW]);
    Py_ssize_t place = self->slow_places[SL_CUT_POSITION], depth;
    long code, version = small_int(*SLOT(state, off[F_VERSION]));
    if (slow == NULL || !Py_IS_TYPE(slow, (PyTypeObject *)PyTuple_GET_ITEM(he, HE_SLOW)) || place >= PyTuple_GET_SIZE(slow))
        return 0;
    int listed = listed_move(self, state, off, codes, action, seat_arg, small_int(PyTuple_GET_ITEM(he, HE_CUT)), &code,
                             &depth);
    if (listed <= 0)
        return listed;
    PyObject *position = PyObject_GetAttr(action, s_position), *items = NULL, *args = NULL;
    PyObject *values[4] = {NULL};
    if (position == NULL)
        return -1;
    if ((items = tuple_put(slow, place, position)) != NULL && (args = PyTuple_Pack(1, items)) != NULL)
        values[0] = PyTuple_Type.tp_new((PyTypeObject *)PyTuple_GET_ITEM(he, HE_SLOW), args, NULL);
    Py_XDECREF(items);
    Py_XDECREF(args);
    values[1] = Py_NewRef(PyTuple_GET_ITEM(he, HE_DEAL_PHASE));
    values[2] = PyLong_FromLong(self->other);
    values[3] = PyLong_FromLong(-1);   /* CHANCE: the table deals */
    static const int fields[4] = {FP_SLOW, FP_PHASE, FP_MODE, F_TO_MOVE};
    return keep_and_set(self, state, off, codes, ring, depth, code, version, 4, fields, values);
}

/* Sizette, Quadrette: the captain's decision on the vole, one of the moves just listed (the very object) —
 * `_on_vole`: going on, his side plays for every trick (`vole_team`, the window C3 opened as
 * `windows.open_lead_window` does, or the leader's card due when he is his side's captain); stopping, the hand
 * is scored as a plain win (`scoring.vole_stopped`) and the next one's cut is due (`parlante_hand_won`).
 * 1: done; 0: not the fast case (nothing changed); -1: an error. */
static int
parlante_vole_fast(CardPlayObject *self, PyObject *state, PyObject *action, PyObject *seat_arg)
{
    PyObject *codes, *ring, *he = self->hand_edges;
    Py_ssize_t *off = own_fields(self, state, NULL, &codes, &ring);
    if (off == NULL)
        return 0;
    PyObject *slow = *SLOT(state, off[FP_SLOW]);
    PyObject *side_of = *SLOT(state, off[FP_SIDE_OF]), *captains = *SLOT(state, off[FP_CAPTAINS]);
    long version = small_int(*SLOT(state, off[F_VERSION]));
    long n = small_int(*SLOT(state, off[FP_N])), leader = small_int(*SLOT(state, off[FP_LEADER]));
    if (slow == NULL || !Py_IS_TYPE(slow, (PyTypeObject *)PyTuple_GET_ITEM(he, HE_SLOW))
        || self->slow_places[SL_FIRST_TO_WIN] >= PyTuple_GET_SIZE(slow) || n < 2 || leader < 0 || leader >= n
        || side_of == NULL || !PyTuple_CheckExact(side_of) || PyTuple_GET_SIZE(side_of) != n || captains == NULL
        || !PyTuple_CheckExact(captains) || PyTuple_GET_SIZE(captains) != 2
        || *SLOT(state, off[FP_TABLE_LAW]) != Py_False || *SLOT(state, off[FP_PENDING]) != Py_None)
        return 0;
    long side = small_int(PyTuple_GET_ITEM(slow, self->slow_places[SL_FIRST_TO_WIN])), code;
    Py_ssize_t depth, length = PyObject_Size(codes);
    if (length < 0)
        return -1;
    if (side != 0 && side != 1)
        return 0;
    int listed = listed_move(self, state, off, codes, action, seat_arg, small_int(PyTuple_GET_ITEM(he, HE_VOLE)), &code,
                             &depth);
    if (listed <= 0)
        return listed;
    PyObject *go = PyObject_GetAttr(action, s_go_on);
    int go_on = go == NULL ? -1 : PyObject_IsTrue(go);
    Py_XDECREF(go);
    if (go_on < 0)
        return -1;
    if (go_on) {   /* the vole played: the trick's winner leads, or his captain commands in C3 */
        long lside = small_int(PyTuple_GET_ITEM(side_of, leader));
        if (lside != 0 && lside != 1)
            return 0;
        PyObject *captain = PyTuple_GET_ITEM(captains, lside);
        int leads = small_int(captain) == leader;
        PyObject *values[9] = {PyLong_FromLong(side), Py_NewRef(PyTuple_GET_ITEM(he, HE_PLAY)), Py_NewRef(Py_None),
                               PyLong_FromLong(0), PyLong_FromLong(leads ? self->no_window : self->c3),
                               PyLong_FromLong(leads ? self->when : self->other),
                               Py_NewRef(leads ? *SLOT(state, off[FP_LEADER]) : captain),
                               leads ? NULL : PyLong_FromLong(lside),
                               leads ? NULL : PyObject_GetAttr(*SLOT(state, off[FP_RULES]), s_no_remarks)};
        static const int fields[9] = {FP_VOLE_TEAM, FP_PHASE, FP_COMMAND, FP_FAILED, FP_WINDOW, FP_MODE, F_TO_MOVE,
                                      FP_WINDOW_TEAM, FP_REMARKS};
        if (!leads && (values[7] == NULL || values[8] == NULL)) {
            for (int j = 0; j < 9; j++)
                Py_XDECREF(values[j]);
            return -1;
        }
        return keep_and_set(self, state, off, codes, ring, depth, code, version, leads ? 7 : 9, fields, values);
    }
    /* stopped: one point, as a plain win; the hand's tricks as they stand */
    Py_ssize_t events = log_events(*SLOT(state, off[FP_LOG]));
    if (events < 0)
        return -1;
    Made m = {0};
    m.done_tricks = Py_NewRef(*SLOT(state, off[FP_DONE_TRICKS]));
    m.tricks_won = Py_NewRef(*SLOT(state, off[FP_TRICKS_WON]));
    if (!PyTuple_CheckExact(m.done_tricks) || PyTuple_GET_SIZE(*SLOT(state, off[F_TRICK]))) {
        made_clear(&m);
        return 0;
    }
    int made = parlante_hand_won(self, state, &m, n, side, 1, NULL, length + events + 2);   /* the decision, the score */
    if (made <= 0 || keep_action(self, state, codes, ring, depth, code, version, &m.version) < 0) {
        made_clear(&m);
        return made <= 0 ? made : -1;
    }
    return parlante_hand_over(self, state, &m);
}

/* Sizette, Quadrette: the captain's `close` of window C2, one of the moves just listed (the very object):
 * `windows.on_close` and `_turn` (the card due from the player to play). 1: done; 0: not the fast case
 * (nothing changed); -1: an error. */
static int
parlante_close_fast(CardPlayObject *self, PyObject *state, PyObject *action, PyObject *seat_arg)
{
    PyObject *codes, *ring, *he = self->hand_edges;
    Py_ssize_t *off = own_fields(self, state, NULL, &codes, &ring);
    if (off == NULL || small_int(*SLOT(state, off[FP_WINDOW])) != small_int(PyTuple_GET_ITEM(he, HE_C2)))
        return 0;
    Py_ssize_t depth;
    long code, version = small_int(*SLOT(state, off[F_VERSION]));
    int listed = listed_move(self, state, off, codes, action, seat_arg, small_int(PyTuple_GET_ITEM(he, HE_PLAY)), &code,
                             &depth);
    if (listed <= 0)
        return listed;
    PyObject *values[3] = {PyLong_FromLong(self->no_window), PyLong_FromLong(self->when),
                           Py_NewRef(*SLOT(state, off[F_MOVER]))};
    static const int fields[3] = {FP_WINDOW, FP_MODE, F_TO_MOVE};
    return keep_and_set(self, state, off, codes, ring, depth, code, version, 3, fields, values);
}

/* Sizette, Quadrette: the trick `m->trick` (`n` cards) won (the reference's `play._end_trick`): who won it
 * (the first of the highest keys of the suit led), the trick record, the tricks won; then, when the hand
 * plays on (the verdict of `scoring.after_trick` None), the window C3 (`windows.open_lead_window`) or the
 * winner's card due when he is his side's captain; when it is won outright, its end (`parlante_hand_won`;
 * `entries`: the log's length before this card). 1: made; 0: not the fast case (a vole to decide or
 * played, a hand of no points, all six tricks to play, the partie won, or a state not as kept); -1: an error. */
static int
parlante_trick_won(CardPlayObject *self, PyObject *state, Made *m, long n, Py_ssize_t entries)
{
    Py_ssize_t *off = self->fields->offsets;
    PyObject *tricks_won = *SLOT(state, off[FP_TRICKS_WON]), *done_tricks = *SLOT(state, off[FP_DONE_TRICKS]);
    PyObject *side_of = *SLOT(state, off[FP_SIDE_OF]), *captains = *SLOT(state, off[FP_CAPTAINS]);
    PyObject *keys_by_suit = *SLOT(state, off[FP_KEYS]), *rules = *SLOT(state, off[FP_RULES]);
    long leader = small_int(*SLOT(state, off[FP_LEADER])), trick_no = small_int(*SLOT(state, off[FP_TRICK_NO]));
    PyObject *vole = *SLOT(state, off[FP_VOLE_TEAM]);
    long vole_team = vole == Py_None ? -1 : small_int(vole);
    if ((vole != Py_None && vole_team != 0 && vole_team != 1) || leader < 0 || leader >= n || trick_no < 0
        || tricks_won == NULL || !PyTuple_CheckExact(tricks_won) || PyTuple_GET_SIZE(tricks_won) != 2
        || done_tricks == NULL || !PyTuple_CheckExact(done_tricks) || side_of == NULL || !PyTuple_CheckExact(side_of)
        || PyTuple_GET_SIZE(side_of) != n || captains == NULL || !PyTuple_CheckExact(captains)
        || PyTuple_GET_SIZE(captains) != 2 || keys_by_suit == NULL || !PyTuple_CheckExact(keys_by_suit)
        || PyTuple_GET_SIZE(keys_by_suit) != 4 || rules == NULL)
        return 0;
    PyObject *value = PyObject_GetAttr(rules, s_play_out);
    int play_out = value == NULL ? -1 : PyObject_IsTrue(value);
    Py_XDECREF(value);
    if (play_out != 0)
        return play_out < 0 ? -1 : 0;
    long need = int_attr(rules, s_need);
    if (need < 0)
        return need == -2 ? -1 : 0;
    PyObject *trick = m->trick;
    PyObject *keys = PyTuple_GET_ITEM(keys_by_suit, small_int(PyTuple_GET_ITEM(trick, 0)) / 13);
    if (!PyTuple_CheckExact(keys) || PyTuple_GET_SIZE(keys) < 52)
        return 0;
    Py_ssize_t best = 0;
    long best_key = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        long key = small_int(PyTuple_GET_ITEM(keys, small_int(PyTuple_GET_ITEM(trick, i))));
        if (i == 0 || key > best_key) {
            best = i;
            best_key = key;
        }
    }
    long winner = (leader + best) % n, side = small_int(PyTuple_GET_ITEM(side_of, winner));
    long won[2] = {small_int(PyTuple_GET_ITEM(tricks_won, 0)), small_int(PyTuple_GET_ITEM(tricks_won, 1))};
    if ((side != 0 && side != 1) || won[0] < 0 || won[1] < 0)
        return 0;
    won[side]++;
    /* `scoring.after_trick`: the vole played on, failed or made; the hand won outright; the vole to decide */
    long scorer = side, points = 1;
    PyObject *why = NULL;
    int hand_won = 0, decide = 0;
    if (vole_team >= 0) {
        scorer = vole_team;
        hand_won = side != vole_team || won[vole_team] == 6;
        points = side != vole_team ? 1 : 2;
        if (hand_won && self->hand_edges != NULL)
            why = PyTuple_GET_ITEM(PyTuple_GET_ITEM(self->hand_edges, HE_VOLE_REASONS), side != vole_team ? 0 : 1);
    }
    else if (won[side] == need) {
        hand_won = won[1 - side] > 0;
        decide = !hand_won;
    }
    else if (need == 4 && won[0] == 3 && won[1] == 3)
        return 0;   /* the hand is null: the reference */
    long captain = small_int(PyTuple_GET_ITEM(captains, side));
    if (captain < 0 || ((hand_won || decide) && self->hand_edges == NULL))
        return 0;
    PyObject *leader_seat = PyLong_FromLong(leader);
    if (leader_seat == NULL || (m->leader = PyLong_FromLong(winner)) == NULL) {
        Py_XDECREF(leader_seat);
        return -1;
    }
    m->done_tricks = with_trick(self->trick_record, done_tricks, leader_seat, trick, m->leader);
    Py_DECREF(leader_seat);
    if (m->done_tricks == NULL || (m->event = PySequence_GetItem(self->trick_won, trick_no + 1)) == NULL
        || (m->trick_no = PyLong_FromLong(trick_no + 1)) == NULL)
        return -1;
    m->tricks_won = Py_BuildValue("(ll)", won[0], won[1]);
    if (m->tricks_won == NULL)
        return -1;
    m->winner_seat = Py_NewRef(m->leader);
    if (hand_won)
        return parlante_hand_won(self, state, m, n, scorer, points, why, entries + 3);   /* the card, the trick, the score */
    if (decide)   /* the side leading 3–0 (4–0) without a trick lost: its captain decides on the vole */
        return parlante_vole_to_decide(self, state, m, side, captain);
    Py_SETREF(m->mover, Py_NewRef(m->leader));
    Py_SETREF(m->trick, PyTuple_New(0));
    m->led = Py_NewRef(Py_None);
    if (m->trick == NULL)
        return -1;
    if (captain == winner) {   /* the captain leads: his card is due */
        m->window = PyLong_FromLong(self->no_window);
        m->mode = PyLong_FromLong(self->when);
        m->to_move = Py_NewRef(m->leader);
    }
    else {                     /* window C3: his captain commands the lead */
        m->window = PyLong_FromLong(self->c3);
        m->mode = PyLong_FromLong(self->other);
        m->to_move = PyLong_FromLong(captain);
        m->window_team = PyLong_FromLong(side);
        if ((m->remarks = PyObject_GetAttr(rules, s_no_remarks)) == NULL)
            return -1;
    }
    return m->window == NULL || m->mode == NULL || m->to_move == NULL || (m->window_team == NULL && captain != winner)
           ? -1 : 1;
}

/* Sizette, Quadrette: whether `card` is one of the moves just listed for the seat to move in window C1 or C2
 * (`windows.window_moves`: the captain leading plays in C1, the player due in C2, the very object), no question
 * pending — the reference's `windows.may_play_from_window`. 1: so; 0: not so (the reference); -1: an error. */
static int
window_card(CardPlayObject *self, PyObject *state, Py_ssize_t *off, PyObject *card, long version)
{
    PyObject *moves = *SLOT(state, off[FP_MOVES]), *he = self->hand_edges;
    long window = small_int(*SLOT(state, off[FP_WINDOW]));
    if (he == NULL || moves == NULL || !PyTuple_CheckExact(moves) || small_int(*SLOT(state, off[FP_MODE])) != self->other
        || (window != small_int(PyTuple_GET_ITEM(he, HE_C1)) && window != small_int(PyTuple_GET_ITEM(he, HE_C2)))
        || *SLOT(state, off[FP_PENDING]) != Py_None || small_int(*SLOT(state, off[FP_MKEY])) != version
        || small_int(*SLOT(state, off[FP_MSEAT])) != small_int(*SLOT(state, off[F_TO_MOVE])))
        return 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(moves); i++)
        if (PyTuple_GET_ITEM(moves, i) == card)
            return 1;
    return 0;
}

/* 1: played; 0: not the fast case (nothing changed: the caller runs the reference); -1: an error. */
static int
card_play_fast(CardPlayObject *self, PyObject *state, PyObject *card, PyObject *seat_arg)
{
    PyObject *codes, *ring;
    Py_ssize_t *off = own_fields(self, state, card, &codes, &ring);
    if (off == NULL)
        return 0;
    PyObject *hands = *SLOT(state, off[F_HANDS]), *trick = *SLOT(state, off[F_TRICK]);
    if (hands == NULL || !PyTuple_CheckExact(hands) || trick == NULL || !PyTuple_CheckExact(trick))
        return 0;
    long to_move = small_int(*SLOT(state, off[F_TO_MOVE]));
    long mover = small_int(*SLOT(state, off[F_MOVER]));
    long version = small_int(*SLOT(state, off[F_VERSION]));
    long c = small_int(card);
    if (to_move < 0 || mover < 0 || version < 0 || c < 0 || c >= 52 || mover >= PyTuple_GET_SIZE(hands))
        return 0;
    if (seat_arg != NULL && seat_arg != Py_None && small_int(seat_arg) != to_move)
        return 0;
    Py_ssize_t k = PyTuple_GET_SIZE(trick), n;
    long led;
    int from_window = 0;   /* Sizette: the opening lead, or the card due next, played from window C1 or C2 */
    if (self->kind == KIND_WHIST) {
        PyObject *slow = *SLOT(state, off[FW_SLOW]);
        if (small_int(*SLOT(state, off[FW_PHASE])) != self->when || slow == NULL || !PyTuple_Check(slow)
            || PyTuple_GET_SIZE(slow) <= self->slow_seating || PyTuple_GET_SIZE(slow) <= self->slow_exposed)
            return 0;
        n = 4;
        if (k >= n || PyTuple_GET_SIZE(hands) != n)
            return 0;
        if (k == n - 1) {   /* the trick's last card: the hand's last goes to the reference (the hand is scored) */
            long pack_size = table_int(state, off[FW_TABLE], s_pack_size);
            if (pack_size == -2)
                return -1;
            if (pack_size < 0 || small_int(*SLOT(state, off[FW_NCARDS])) + 1 >= pack_size)
                return 0;
        }
        if (k == 0) {   /* a lead: with a mort not yet exposed, the mort is laid face up first */
            int exposed = PyObject_IsTrue(PyTuple_GET_ITEM(slow, self->slow_exposed));
            if (exposed < 0)
                return -1;
            if (!exposed) {
                long mort = table_int(state, off[FW_TABLE], s_mort);
                if (mort != 0)
                    return mort == -2 ? -1 : 0;
            }
            led = -1;
        }
        else {
            long first = small_int(PyTuple_GET_ITEM(trick, 0));
            if (first < 0 || first >= 52)
                return 0;
            led = first / 13;
        }
    }
    else {
        if (*SLOT(state, off[FP_TABLE_LAW]) != Py_False || *SLOT(state, off[FP_FOLLOW_RULE]) != self->follow_suit
            || to_move != mover)
            return 0;
        n = small_int(*SLOT(state, off[FP_N]));
        if (n != PyTuple_GET_SIZE(hands) || n < 2 || k >= n)
            return 0;
        if (small_int(*SLOT(state, off[FP_MODE])) != self->when) {   /* a card played straight from a speech window */
            int listed = k < n - 1 ? window_card(self, state, off, card, version) : 0;
            if (listed <= 0)
                return listed;
            from_window = 1;
        }
        if (from_window)
            led = k == 0 ? -1 : small_int(*SLOT(state, off[FP_LED]));
        else if (k == 0) {   /* a lead (the opening lead opens window C2) */
            PyObject *key = *SLOT(state, off[FP_CKEY]);
            long done = small_int(*SLOT(state, off[FP_TRICK_NO]));
            if (done < 0 || small_int(key) != version)
                return 0;   /* the cards it may be (the captain's command obeyed) not listed for this version */
            if (done == 0 && (self->hand_edges == NULL || *SLOT(state, off[FP_PENDING]) != Py_None))
                return 0;
            led = -1;
        }
        else if ((led = small_int(*SLOT(state, off[FP_LED]))) < 0 || led > 3)
            return 0;
    }
    int ok = 1;
    unsigned long long bit = 1ULL << c;
    unsigned long long hand = mask_of(PyTuple_GET_ITEM(hands, mover), &ok);
    unsigned long long played = mask_of(*SLOT(state, off[F_PLAYED]), &ok);
    unsigned long long allowed = from_window ? bit   /* one of the moves just listed */
                                 : self->kind == KIND_PARLANTE && k == 0
                                 ? hand & mask_of(*SLOT(state, off[FP_MASK]), &ok) : following(hand, led);
    if (from_window && k > 0 && (led < 0 || led > 3))
        return 0;
    if (!ok || !(allowed & bit))
        return 0;   /* the reference refuses it, with its reason */
    Py_ssize_t length = PyObject_Size(codes);
    if (length < 0)
        return -1;
    if (!(length & self->anchor_mask))
        return 0;   /* the reference keeps a position here */
    long next = mover + 1 < n ? mover + 1 : 0;

    Made m = {0};
    m.snapshot = PyObject_CallOneArg(self->snapshot, state);
    if (m.snapshot == NULL)
        goto fail;
    if ((m.hands = tuple_put(hands, mover, PyLong_FromUnsignedLongLong(hand ^ bit))) == NULL)
        goto fail;
    if ((m.trick = tuple_plus(trick, card)) == NULL)
        goto fail;
    if ((m.played = PyLong_FromUnsignedLongLong(played | bit)) == NULL
        || (m.version = PyLong_FromLong(version + 1)) == NULL || (m.mover = PyLong_FromLong(next)) == NULL)
        goto fail;
    if (self->kind == KIND_WHIST) {
        long ncards = small_int(*SLOT(state, off[FW_NCARDS]));
        if (ncards < 0) {
            made_clear(&m);
            return 0;
        }
        if ((m.ncards = PyLong_FromLong(ncards + 1)) == NULL)
            goto fail;
        if (k == n - 1 && whist_trick_won(self, state, &m) < 0)
            goto fail;
        PyObject *owner = PyObject_GetAttr(PyTuple_GET_ITEM(*SLOT(state, off[FW_SLOW]), self->slow_seating), s_owner);
        if (owner == NULL)
            goto fail;
        m.to_move = PyObject_GetItem(owner, m.mover);
        Py_DECREF(owner);
        if (m.to_move == NULL)
            goto fail;
    }
    else {
        int made = 1;
        if (k == 0) {
            made = (m.led = PyLong_FromLong(c / 13)) == NULL ? -1 : 1;
            if (made > 0 && small_int(*SLOT(state, off[FP_TRICK_NO])) == 0)
                made = parlante_opening_lead(self, state, &m, mover);
        }
        else if (k == n - 1) {
            Py_ssize_t events = log_events(*SLOT(state, off[FP_LOG]));
            made = events < 0 ? -1 : parlante_trick_won(self, state, &m, n, length + events);
        }
        if (made <= 0) {
            made_clear(&m);
            return made;
        }
        if (m.to_move == NULL)
            m.to_move = Py_NewRef(m.mover);
    }

    /* the bookkeeping of State.apply: the snapshot for undo, the action's code, the version */
    Py_ssize_t depth = undo_depth(state);
    if (depth < 0 || record_card(self, codes, to_move, c) < 0 || keep_snapshot(ring, m.snapshot, depth) < 0)
        goto fail;
    Py_CLEAR(m.snapshot);
    if (m.slow != NULL)   /* Sizette: the hand won, the next one's cut due (or the partie won) */
        return parlante_hand_over(self, state, &m);
    set_slot(state, off[F_VERSION], m.version);
    set_slot(state, off[F_HANDS], m.hands);
    set_slot(state, off[F_PLAYED], m.played);
    set_slot(state, off[F_TRICK], m.trick);
    set_slot(state, off[F_MOVER], m.mover);
    set_slot(state, off[F_TO_MOVE], m.to_move);
    if (m.ncards != NULL)
        set_slot(state, off[FW_NCARDS], m.ncards);
    if (self->kind == KIND_PARLANTE && m.led != NULL) {   /* a lead, or a trick won */
        set_slot(state, off[FP_LED], m.led);
        set_slot(state, off[FP_COMMAND], Py_NewRef(Py_None));
    }
    if (m.done_tricks != NULL && m.decide != NULL) {   /* Sizette: a trick won, then the vole to decide */
        set_slot(state, off[FP_DONE_TRICKS], m.done_tricks);
        set_slot(state, off[FP_TRICK_NO], m.trick_no);
        set_slot(state, off[FP_MODE], m.mode);
        set_slot(state, off[FP_PHASE], m.phase);
        set_slot(state, off[FP_SLOW], m.decide);
        m.done_tricks = m.trick_no = m.mode = m.phase = m.decide = NULL;
    }
    else if (m.done_tricks != NULL) {   /* Sizette: a trick won, then the window C3 or the captain's card due */
        set_slot(state, off[FP_DONE_TRICKS], m.done_tricks);
        set_slot(state, off[FP_TRICK_NO], m.trick_no);
        set_slot(state, off[FP_FAILED], PyLong_FromLong(0));
        set_slot(state, off[FP_MODE], m.mode);
        set_slot(state, off[FP_WINDOW], m.window);
        if (m.window_team != NULL) {
            set_slot(state, off[FP_WINDOW_TEAM], m.window_team);
            set_slot(state, off[FP_REMARKS], m.remarks);
        }
        m.done_tricks = m.trick_no = m.mode = m.window = m.window_team = m.remarks = NULL;
    }
    else if (m.window != NULL) {   /* Sizette: the opening lead, then the window C2 */
        set_slot(state, off[FP_MODE], m.mode);
        set_slot(state, off[FP_WINDOW], m.window);
        set_slot(state, off[FP_WINDOW_TEAM], m.window_team);
        set_slot(state, off[FP_REMARKS], m.remarks);
        m.mode = m.window = m.window_team = m.remarks = NULL;
    }
    else if (from_window) {   /* Sizette: the card due played from window C2 closes it */
        set_slot(state, off[FP_MODE], PyLong_FromLong(self->when));
        set_slot(state, off[FP_WINDOW], PyLong_FromLong(self->no_window));
    }
    if (m.trick_log != NULL || m.event != NULL) {   /* a trick won: announced in the log, after the action */
        int whist = self->kind == KIND_WHIST;
        set_slot(state, off[whist ? FW_LEADER : FP_LEADER], m.leader);
        set_slot(state, off[whist ? FW_TRICKS_WON : FP_TRICKS_WON], m.tricks_won);
        if (whist)
            set_slot(state, off[FW_TRICK_LOG], m.trick_log);
        int announced = announce(*SLOT(state, off[whist ? FW_LOG : FP_LOG]), m.winner_seat, m.event);
        Py_CLEAR(m.winner_seat);
        Py_CLEAR(m.event);
        if (announced < 0)
            return -1;
    }
    return 1;
fail:
    made_clear(&m);
    return -1;
}

/* Piquet: a card played when the hand plays on — a lead after the first trick (the first lead may name a
 * suit, or open the younger's declarations), or a card that follows but in the twelfth trick (the deal is
 * scored) — with the reference's check (`play.playable`) and change (`play.apply_card`, `end_trick`).
 * 1: played; 0: not the fast case (nothing changed: the caller runs the reference); -1: an error. */
static int
piquet_play_fast(CardPlayObject *self, PyObject *state, PyObject *card, PyObject *seat_arg)
{
    PyObject *codes, *ring;
    Py_ssize_t *off = own_fields(self, state, card, &codes, &ring);
    if (off == NULL)
        return 0;
    PyObject *hands = *SLOT(state, off[F_HANDS]), *tricks = *SLOT(state, off[FQ_TRICKS]);
    PyObject *lead = *SLOT(state, off[FQ_LEAD_CARD]), *leader = *SLOT(state, off[FQ_LEADER]);
    long to_move = small_int(*SLOT(state, off[F_TO_MOVE])), version = small_int(*SLOT(state, off[F_VERSION]));
    long c = small_int(card), led = small_int(lead);
    if (hands == NULL || !PyTuple_CheckExact(hands) || PyTuple_GET_SIZE(hands) != 2 || tricks == NULL || !PyTuple_CheckExact(tricks) || leader == NULL
        || (to_move != 0 && to_move != 1) || version < 0 || c < 0 || c >= 52 || led >= 52)
        return 0;
    if (seat_arg != NULL && seat_arg != Py_None && small_int(seat_arg) != to_move)
        return 0;
    Py_ssize_t done = PyTuple_GET_SIZE(tricks);
    if (small_int(*SLOT(state, off[FQ_PHASE])) != self->when || *SLOT(state, off[FQ_PENDING]) == NULL
        || small_int(*SLOT(state, off[FQ_PENDING])) != -1 || !PyLong_Check(*SLOT(state, off[FQ_PENDING])))
        return 0;
    if (led < 0 ? done == 0 || small_int(*SLOT(state, off[FQ_NAMED_SUIT])) != -1 : done >= 11)
        return 0;   /* the first lead, or the twelfth trick's last card: the reference */
    int ok = 1;
    unsigned long long bit = 1ULL << c, hand = mask_of(PyTuple_GET_ITEM(hands, to_move), &ok);
    if (!ok || !(following(hand, led < 0 ? -1 : led / 13) & bit))
        return 0;   /* the reference refuses it, with its reason */
    Py_ssize_t length = PyObject_Size(codes), depth = undo_depth(state);
    if (length < 0 || depth < 0)
        return -1;
    if (!(length & self->anchor_mask))
        return 0;   /* the reference keeps a position here */
    Made m = {0};
    long winner = -1;
    if ((m.hands = tuple_put(hands, to_move, PyLong_FromUnsignedLongLong(hand ^ bit))) == NULL
        || (m.snapshot = PyObject_CallOneArg(self->snapshot, state)) == NULL
        || (m.version = PyLong_FromLong(version + 1)) == NULL)
        goto fail;
    if (led < 0) {   /* a lead: the other hand follows */
        long elder = small_int(*SLOT(state, off[FQ_ELDER])), younger = small_int(*SLOT(state, off[FQ_YOUNGER]));
        if ((m.to_move = PyLong_FromLong(to_move == elder ? younger : elder)) == NULL)
            goto fail;
    }
    else {           /* the trick: the higher card of the suit led wins it, and leads next */
        winner = c / 13 == led / 13 && c > led ? to_move : small_int(leader);
        PyObject *trick = NULL;
        if (winner < 0 || (m.leader = PyLong_FromLong(winner)) == NULL
            || (trick = PyTuple_Pack(4, leader, lead, card, m.leader)) == NULL)
            goto fail;
        m.trick_log = tuple_plus(tricks, trick);
        Py_DECREF(trick);
        if (m.trick_log == NULL || (m.event = PySequence_GetItem(self->trick_won, done + 1)) == NULL)
            goto fail;
        m.to_move = Py_NewRef(m.leader);
        m.winner_seat = Py_NewRef(m.leader);
    }
    if (record_card(self, codes, to_move, c) < 0 || keep_snapshot(ring, m.snapshot, depth) < 0)
        goto fail;
    Py_CLEAR(m.snapshot);
    set_slot(state, off[F_VERSION], m.version);
    set_slot(state, off[F_HANDS], m.hands);
    set_slot(state, off[F_TO_MOVE], m.to_move);
    if (led < 0) {
        set_slot(state, off[FQ_LEAD_CARD], Py_NewRef(card));
        return 1;
    }
    set_slot(state, off[FQ_TRICKS], m.trick_log);
    set_slot(state, off[FQ_LEAD_CARD], PyLong_FromLong(-1));
    set_slot(state, off[FQ_NAMED_SUIT], PyLong_FromLong(-1));
    set_slot(state, off[FQ_LEADER], m.leader);
    int announced = announce(*SLOT(state, off[FQ_LOG]), m.winner_seat, m.event);
    Py_CLEAR(m.winner_seat);
    Py_CLEAR(m.event);
    return announced < 0 ? -1 : 1;
fail:
    made_clear(&m);
    return -1;
}

/* Piquet: the most cards `seat` may discard in an exchange in progress with no carte blanche
 * (`exchange._limits`): 0, or -1 when it is not the case taken here (a carte blanche; no error set). */
static int
piquet_most(PyObject *state, Py_ssize_t *off, int elder_phase, long cb_at, long tpos_at, long *most)
{
    long cb_seat = small_int(*SLOT(state, off[cb_at])), tpos = small_int(*SLOT(state, off[tpos_at]));
    if (cb_seat != -1 || !PyLong_Check(*SLOT(state, off[cb_at])) || tpos < 0 || tpos > 8)
        return -1;
    *most = elder_phase ? 5 : 8 - tpos;
    return 0;
}

/* Piquet: a discard in the exchange with no carte blanche (the seat to move puts one card of his hand in
 * his écart): the reference's check (`exchange.check_exchange`) and change (`apply_exchange`) in one
 * call, with State.apply's bookkeeping. 1: done; 0: not the fast case (nothing changed); -1: an error. */
static int
piquet_discard_fast(CardPlayObject *self, PyObject *state, PyObject *action, PyObject *seat_arg)
{
    PyObject *codes, *ring;
    Py_ssize_t *off = own_fields(self, state, NULL, &codes, &ring);
    if (off == NULL || self->discard_type == NULL)
        return 0;
    long phase = small_int(*SLOT(state, off[FQ_PHASE]));
    PyObject *hands = *SLOT(state, off[F_HANDS]), *discards = *SLOT(state, off[FQ_DISCARDS]);
    PyObject *ndisc = *SLOT(state, off[FQ_NDISC]), *pending = *SLOT(state, off[FQ_PENDING]);
    long to_move = small_int(*SLOT(state, off[F_TO_MOVE])), version = small_int(*SLOT(state, off[F_VERSION]));
    if ((phase != self->elder_phase && phase != self->younger_phase) || hands == NULL || !PyTuple_CheckExact(hands)
        || PyTuple_GET_SIZE(hands) != 2 || discards == NULL || !PyTuple_CheckExact(discards)
        || PyTuple_GET_SIZE(discards) != 2 || ndisc == NULL || !PyTuple_CheckExact(ndisc) || PyTuple_GET_SIZE(ndisc) != 2
        || pending == NULL || !PyLong_Check(pending) || small_int(pending) != -1 || (to_move != 0 && to_move != 1)
        || version < 0)
        return 0;
    if (seat_arg != NULL && seat_arg != Py_None && small_int(seat_arg) != to_move)
        return 0;
    long most, count = small_int(PyTuple_GET_ITEM(ndisc, to_move));
    if (piquet_most(state, off, phase == self->elder_phase, FQ_CB_SEAT, FQ_TPOS, &most) < 0 || count < 0
        || count >= most)
        return 0;   /* a carte blanche, or no more discards: the reference says what */
    PyObject *card = PyObject_GetAttr(action, s_card);
    if (card == NULL)
        return -1;
    long c = small_int(card);
    Py_DECREF(card);
    int ok = 1;
    unsigned long long hand = mask_of(PyTuple_GET_ITEM(hands, to_move), &ok);
    unsigned long long put_aside = mask_of(PyTuple_GET_ITEM(discards, to_move), &ok);
    if (!ok || c < 0 || c >= 52 || !(hand >> c & 1))
        return 0;   /* not held: the reference refuses it, with its reason */
    long narrow = narrow_code_of(self->narrow_code, action);
    if (narrow < 0)
        return narrow == -2 ? -1 : 0;   /* met for the first time: the reference interns it */
    Py_ssize_t length = PyObject_Size(codes), depth = undo_depth(state);
    long seat_code = small_int(PyTuple_GET_ITEM(self->seat_code, to_move));
    if (length < 0 || depth < 0)
        return -1;
    if (seat_code < 0 || !(length & self->anchor_mask))
        return 0;   /* the reference keeps a position here */
    unsigned long long bit = 1ULL << c;
    static const int changed[3] = {F_HANDS, FQ_DISCARDS, FQ_NDISC};
    PyObject *values[3] = {tuple_put(hands, to_move, PyLong_FromUnsignedLongLong(hand ^ bit)),
                           tuple_put(discards, to_move, PyLong_FromUnsignedLongLong(put_aside | bit)),
                           tuple_put(ndisc, to_move, PyLong_FromLong(count + 1))};
    return keep_and_set(self, state, off, codes, ring, depth, seat_code | narrow, version, 3, changed, values);
}

/* Piquet: what the seat to exchange may do, with no carte blanche (not shown, nor to show: his hand holds a
 * king, a queen or a jack) (`exchange.exchange_moves`): a discard of each card of his hand while he may
 * discard more, then the takes once he may stop, kept for this version as the reference keeps them. A new
 * reference; NULL with no error set when it is not that case (the caller runs the reference). */
static PyObject *
piquet_exchange_moves(CardPlayObject *self, PyObject *state, int elder_phase, long seat, long now)
{
    Py_ssize_t *off = self->fields->offsets;
    PyObject *hands = *SLOT(state, off[MQ_HANDS]), *ndisc = *SLOT(state, off[MQ_NDISC]);
    PyObject *pending = *SLOT(state, off[MQ_PENDING]);
    if (self->discards == NULL || hands == NULL || !PyTuple_CheckExact(hands) || PyTuple_GET_SIZE(hands) != 2
        || ndisc == NULL || !PyTuple_CheckExact(ndisc) || PyTuple_GET_SIZE(ndisc) != 2 || pending == NULL
        || !PyLong_Check(pending) || small_int(pending) != -1 || seat > 1)
        return NULL;
    long most, count = small_int(PyTuple_GET_ITEM(ndisc, seat));
    int ok = 1;
    unsigned long long hand = mask_of(PyTuple_GET_ITEM(hands, seat), &ok);
    if (!ok || hand >> 52)
        return NULL;
    if (count < 0 || (count == 0 && !(hand & self->court_mask))
        || piquet_most(state, off, elder_phase, MQ_CB_SEAT, MQ_TPOS, &most) < 0)
        return NULL;   /* a hand that may show a carte blanche at its first step, or one shown: the reference */
    long least = elder_phase ? 1 : int_attr(*SLOT(state, off[MQ_RULES]), s_younger_min);   /* the fewest */
    if (least < 0) {
        PyErr_Clear();
        return NULL;
    }
    long elder = small_int(*SLOT(state, off[MQ_ELDER]));
    if (elder < 0 || (elder_phase ? elder != seat : elder == seat))
        return NULL;   /* not the hand this phase is for: the reference */
    PyObject *takes[2] = {NULL, NULL};
    int ntakes = 0;
    if (count >= least) {   /* he may stop (no carte blanche: never exactly so many) */
        takes[ntakes++] = PyTuple_GET_ITEM(self->takes, 0);
        if (elder_phase) {
            if (count < 5)
                takes[ntakes++] = PyTuple_GET_ITEM(self->takes, 1);
        }
        else if (most - count > 0) {   /* cards would be left: he may look at them or expose them */
            PyObject *mode = PyObject_GetAttr(*SLOT(state, off[MQ_RULES]), s_left_cards);
            if (mode == NULL) {
                PyErr_Clear();
                return NULL;
            }
            int look = PyUnicode_Check(mode) && PyUnicode_CompareWithASCIIString(mode, "look") == 0;
            int expose = PyUnicode_Check(mode) && PyUnicode_CompareWithASCIIString(mode, "expose") == 0;
            int hidden = PyUnicode_Check(mode) && PyUnicode_CompareWithASCIIString(mode, "hidden") == 0;
            Py_DECREF(mode);
            if (!look && !expose && !hidden)
                return NULL;
            if (!hidden)
                takes[ntakes++] = PyTuple_GET_ITEM(self->takes, look ? 1 : 2);
        }
    }
    unsigned long long may = count < most ? hand : 0;
    Py_ssize_t size = __builtin_popcountll(may) + ntakes, k = 0;
    PyObject *listed = PyTuple_New(size);
    if (listed == NULL) {
        PyErr_Clear();
        return NULL;
    }
    for (; may; may &= may - 1) {
        PyObject *discard = PyTuple_GET_ITEM(self->discards, __builtin_ctzll(may));
        if (discard == Py_None) {   /* not a card of the Piquet pack: the reference */
            Py_DECREF(listed);
            return NULL;
        }
        PyTuple_SET_ITEM(listed, k++, Py_NewRef(discard));
    }
    for (int t = 0; t < ntakes; t++)
        PyTuple_SET_ITEM(listed, k++, Py_NewRef(takes[t]));
    PyObject *key = PyLong_FromLong(now);
    if (key == NULL) {
        PyErr_Clear();
        Py_DECREF(listed);
        return NULL;
    }
    set_slot(state, off[MQ_KEY], key);
    set_slot(state, off[MQ_LISTED], Py_NewRef(listed));
    return listed;
}

/* Piquet's dialogue (`declarations.py`: `dialogue_moves`, `apply_dialogue`, `next_step` are the reference).
 * `dialogue` (a CardPlay's constant) holds the phases and steps, the types of the moves and their tables. */
enum { D_DIALOGUE, D_YOUNGER_DECLARES, D_DECLARE, D_ANSWER, D_TELL, D_ALSO, D_YOUNGER_DECLARE, D_DECLARE_TYPE,
       D_ANSWER_TYPE, D_TELL_TYPE, D_ALSO_TYPE, D_DECLARES, D_ANSWERS, D_COUNT };
#define D_LONG(t, i) PyLong_AsLong(PyTuple_GET_ITEM(t, i))

/* Whether `dialogue` is what the dialogue's compiled paths read: the phases and steps, four types, the
 * Declare of each class and size (3 × 13), the answers' four menus. */
static int
dialogue_consts_ok(PyObject *dialogue)
{
    if (!PyTuple_CheckExact(dialogue) || PyTuple_GET_SIZE(dialogue) != D_COUNT)
        return 0;
    for (int i = 0; i < D_DECLARE_TYPE; i++)
        if (!PyLong_CheckExact(PyTuple_GET_ITEM(dialogue, i)))
            return 0;
    for (int i = D_DECLARE_TYPE; i <= D_ALSO_TYPE; i++)
        if (!PyType_Check(PyTuple_GET_ITEM(dialogue, i)))
            return 0;
    PyObject *declares = PyTuple_GET_ITEM(dialogue, D_DECLARES), *answers = PyTuple_GET_ITEM(dialogue, D_ANSWERS);
    if (!PyTuple_CheckExact(declares) || PyTuple_GET_SIZE(declares) != 3 || !PyTuple_CheckExact(answers)
        || PyTuple_GET_SIZE(answers) != 4)
        return 0;
    for (int i = 0; i < 3; i++)
        if (!PyTuple_CheckExact(PyTuple_GET_ITEM(declares, i)) || PyTuple_GET_SIZE(PyTuple_GET_ITEM(declares, i)) != 13)
            return 0;
    for (int i = 0; i < 4; i++)
        if (!PyTuple_CheckExact(PyTuple_GET_ITEM(answers, i)))
            return 0;
    return 1;
}

/* The three ints of `values` (a tuple of three) read into `out`: 0, or -1 (no error set) when they are not. */
static int
three_longs(PyObject *values, long *out)
{
    if (values == NULL || !PyTuple_CheckExact(values) || PyTuple_GET_SIZE(values) != 3)
        return -1;
    for (int i = 0; i < 3; i++) {
        PyObject *item = PyTuple_GET_ITEM(values, i);
        if (!PyLong_CheckExact(item))
            return -1;
        out[i] = PyLong_AsLong(item);
        if (out[i] == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return -1;
        }
    }
    return 0;
}

static int
word_is(PyObject *word, const char *text)
{
    return PyUnicode_Check(word) && PyUnicode_CompareWithASCIIString(word, text) == 0;
}

/* The dialogue's next step after a move, from its fields as they will be (`next_step`): 1 with the step, its
 * class and the seat to speak set; 0 when the play starts there (the reference does it, with the
 * declarations scored); -1 (no error set) when a field is not as the reference keeps it. */
static int
piquet_next_step(PyObject *dialogue, long phase, const long *stmt, const long *told, PyObject *answers,
                 const long *ydecl, PyObject *extras, long elder, long younger, long *step, long *cls, long *seat)
{
    if (!PyTuple_CheckExact(answers) || PyTuple_GET_SIZE(answers) != 3 || !PyTuple_CheckExact(extras)
        || PyTuple_GET_SIZE(extras) != 3)
        return -1;
    for (long c = 0; c < 3; c++) {
        PyObject *said = PyTuple_GET_ITEM(answers, c);
        if (!PyTuple_CheckExact(said))
            return -1;
        Py_ssize_t n = PyTuple_GET_SIZE(said);
        PyObject *last = n ? PyTuple_GET_ITEM(said, n - 1) : NULL;
        int open = PyTuple_GET_ITEM(extras, c) == Py_None && c != 0;   /* the winner's other holdings not yet said */
        *cls = c;
        if (phase == D_LONG(dialogue, D_DIALOGUE)) {
            if (stmt[c] < 0) {
                *step = D_LONG(dialogue, D_DECLARE), *seat = elder;
                return 1;
            }
            if (stmt[c] == 0)
                continue;
            if (n == 0 || (n == 1 && word_is(PyTuple_GET_ITEM(said, 0), "equal") && told[c] >= 0)) {
                *step = D_LONG(dialogue, D_ANSWER), *seat = younger;
                return 1;
            }
            if (n == 1 && word_is(last, "equal")) {
                *step = D_LONG(dialogue, D_TELL), *seat = elder;
                return 1;
            }
            if (word_is(last, "good") && open) {
                *step = D_LONG(dialogue, D_ALSO), *seat = elder;
                return 1;
            }
        }
        else {
            if (!(stmt[c] == 0 || (n && word_is(last, "not_good"))))
                continue;   /* not a class the younger declares in */
            if (ydecl[c] < 0) {
                *step = D_LONG(dialogue, D_YOUNGER_DECLARE), *seat = younger;
                return 1;
            }
            if (ydecl[c] > 0 && open) {
                *step = D_LONG(dialogue, D_ALSO), *seat = younger;
                return 1;
            }
        }
    }
    return 0;
}

/* Piquet: a move of the dialogue, one of the moves just listed for the seat to speak (the very object),
 * when the dialogue goes on after it: the reference's check, `apply_dialogue` and `next_step` in one call.
 * 1: done; 0: not the fast case (nothing changed: the caller runs the reference); -1: an error. */
static int
piquet_dialogue_fast(CardPlayObject *self, PyObject *state, PyObject *action, PyObject *seat_arg)
{
    PyObject *codes, *ring, *dialogue = self->dialogue;
    Py_ssize_t *off = own_fields(self, state, NULL, &codes, &ring);
    if (off == NULL || dialogue == NULL)
        return 0;
    long phase = small_int(*SLOT(state, off[FQ_PHASE])), to_move = small_int(*SLOT(state, off[F_TO_MOVE]));
    PyObject *version = *SLOT(state, off[F_VERSION]), *listed = *SLOT(state, off[FQ_LISTED]);
    PyObject *pending = *SLOT(state, off[FQ_PENDING]), *answers = *SLOT(state, off[FQ_ANSWERS]);
    PyObject *extras = *SLOT(state, off[FQ_EXTRAS]), *said = *SLOT(state, off[FQ_SAID]);
    long now = small_int(version), step = small_int(*SLOT(state, off[FQ_STEP]));
    long cls = small_int(*SLOT(state, off[FQ_STEP_CLS]));
    long elder = small_int(*SLOT(state, off[FQ_ELDER])), younger = small_int(*SLOT(state, off[FQ_YOUNGER]));
    long stmt[3], told[3], ydecl[3];
    if ((phase != D_LONG(dialogue, D_DIALOGUE) && phase != D_LONG(dialogue, D_YOUNGER_DECLARES)) || now < 0
        || (to_move != 0 && to_move != 1) || pending == NULL || !PyLong_CheckExact(pending) || small_int(pending) != -1
        || small_int(*SLOT(state, off[FQ_LISTED_AT])) != now || listed == NULL || !PyTuple_CheckExact(listed)
        || cls < 0 || cls > 2 || elder < 0 || younger < 0 || said == NULL || !PyLong_CheckExact(said)
        || three_longs(*SLOT(state, off[FQ_STMT]), stmt) < 0 || three_longs(*SLOT(state, off[FQ_TOLD]), told) < 0
        || three_longs(*SLOT(state, off[FQ_YDECL]), ydecl) < 0 || answers == NULL || extras == NULL)
        return 0;
    if (seat_arg != NULL && seat_arg != Py_None && small_int(seat_arg) != to_move)
        return 0;
    Py_ssize_t k = 0, n = PyTuple_GET_SIZE(listed);
    while (k < n && PyTuple_GET_ITEM(listed, k) != action)
        k++;
    if (k == n)
        return 0;   /* not listed here (or an equal object): the reference checks it */
    int field;
    PyObject *attr;
    if (step == D_LONG(dialogue, D_DECLARE) || step == D_LONG(dialogue, D_YOUNGER_DECLARE))
        field = step == D_LONG(dialogue, D_DECLARE) ? FQ_STMT : FQ_YDECL, attr = s_size, k = D_DECLARE_TYPE;
    else if (step == D_LONG(dialogue, D_ANSWER))
        field = FQ_ANSWERS, attr = s_word, k = D_ANSWER_TYPE;
    else if (step == D_LONG(dialogue, D_TELL))
        field = FQ_TOLD, attr = s_value, k = D_TELL_TYPE;
    else if (step == D_LONG(dialogue, D_ALSO))
        field = FQ_EXTRAS, attr = s_sizes, k = D_ALSO_TYPE;
    else
        return 0;
    if ((PyObject *)Py_TYPE(action) != PyTuple_GET_ITEM(dialogue, k))
        return 0;
    PyObject *value = PyObject_GetAttr(action, attr), *changed = NULL;
    if (value == NULL)
        return -1;
    if (field == FQ_ANSWERS) {   /* the class's answers with this one */
        PyObject *before = PyTuple_CheckExact(answers) && PyTuple_GET_SIZE(answers) == 3
                           ? PyTuple_GET_ITEM(answers, cls) : NULL;
        changed = before != NULL && PyTuple_CheckExact(before) ? tuple_plus(before, value) : NULL;
        Py_DECREF(value);
        if (changed == NULL)
            return PyErr_Occurred() ? -1 : 0;
        changed = tuple_put(answers, cls, changed);
    }
    else if (field == FQ_EXTRAS) {
        if (!PyTuple_CheckExact(extras) || PyTuple_GET_SIZE(extras) != 3) {
            Py_DECREF(value);
            return 0;
        }
        changed = tuple_put(extras, cls, value);
    }
    else {
        long *into = field == FQ_STMT ? stmt : field == FQ_YDECL ? ydecl : told;
        into[cls] = PyLong_CheckExact(value) ? PyLong_AsLong(value) : -2;
        if (into[cls] == -1 && PyErr_Occurred())
            PyErr_Clear(), into[cls] = -2;
        if (into[cls] == -2 || (into[cls] < 0 && field != FQ_TOLD)) {
            Py_DECREF(value);
            return 0;   /* not a value the reference lists: it says what */
        }
        changed = tuple_put(*SLOT(state, off[field]), cls, value);
    }
    if (changed == NULL)
        return -1;
    long next = 0, next_cls = 0, next_seat = 0;
    int goes_on = piquet_next_step(dialogue, phase, stmt, told, field == FQ_ANSWERS ? changed : answers, ydecl,
                                   field == FQ_EXTRAS ? changed : extras, elder, younger, &next, &next_cls, &next_seat);
    long narrow = goes_on == 1 ? narrow_code_of(self->narrow_code, action) : -1;
    Py_ssize_t length = goes_on == 1 && narrow >= 0 ? PyObject_Size(codes) : 0, depth = length > 0 ? undo_depth(state) : 0;
    long seat_code = small_int(PyTuple_GET_ITEM(self->seat_code, to_move));
    if (narrow == -2 || length < 0 || depth < 0) {
        Py_DECREF(changed);
        return -1;
    }
    if (goes_on != 1 || narrow < 0 || seat_code < 0 || !(length & self->anchor_mask)) {
        Py_DECREF(changed);
        return 0;   /* the play starts, an action met for the first time, or a position kept: the reference */
    }
    const int fields[5] = {field, FQ_SAID, FQ_STEP, FQ_STEP_CLS, F_TO_MOVE};
    PyObject *values[5] = {changed, PyLong_FromLong(PyLong_AsLong(said) + 1), PyLong_FromLong(next),
                           PyLong_FromLong(next_cls), PyLong_FromLong(next_seat)};
    return keep_and_set(self, state, off, codes, ring, depth, seat_code | narrow, now, 5, fields, values);
}

/* Piquet: what the seat to speak may say at a step of the dialogue (`dialogue_moves`) where it reads only
 * the sizes of his calls: a declaration (the elder's, or the younger's) or an answer before any tie-break
 * was told, kept for this version as the reference keeps them. A new reference; NULL with no error set
 * when it is not that case (the caller runs the reference). */
static PyObject *
piquet_dialogue_moves(CardPlayObject *self, PyObject *state, long seat, long now)
{
    Py_ssize_t *off = self->fields->offsets;
    PyObject *dialogue = self->dialogue, *pending = *SLOT(state, off[MQ_PENDING]);
    PyObject *calls = *SLOT(state, off[MQ_CALLS]), *answers = *SLOT(state, off[MQ_ANSWERS]);
    long step = small_int(*SLOT(state, off[MQ_STEP])), cls = small_int(*SLOT(state, off[MQ_STEP_CLS])), stmt[3];
    if (dialogue == NULL || pending == NULL || !PyLong_CheckExact(pending) || small_int(pending) != -1 || seat > 1
        || cls < 0 || cls > 2 || calls == NULL || !PyTuple_CheckExact(calls) || PyTuple_GET_SIZE(calls) != 2
        || answers == NULL || !PyTuple_CheckExact(answers) || PyTuple_GET_SIZE(answers) != 3
        || !PyTuple_CheckExact(PyTuple_GET_ITEM(answers, cls)) || three_longs(*SLOT(state, off[MQ_STMT]), stmt) < 0)
        return NULL;
    PyObject *own = PyTuple_GET_ITEM(calls, seat);
    if (!PyTuple_CheckExact(own) || PyTuple_GET_SIZE(own) != 3 || !PyTuple_CheckExact(PyTuple_GET_ITEM(own, cls)))
        return NULL;
    own = PyTuple_GET_ITEM(own, cls);
    unsigned held = 0;   /* the sizes of his calls */
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(own); i++) {
        PyObject *call = PyTuple_GET_ITEM(own, i);
        long size = PyTuple_Check(call) && PyTuple_GET_SIZE(call) >= 1 ? small_int(PyTuple_GET_ITEM(call, 0)) : -1;
        if (size < 0 || size > 12)
            return NULL;
        held |= 1u << size;
    }
    PyObject *declares = PyTuple_GET_ITEM(PyTuple_GET_ITEM(dialogue, D_DECLARES), cls), *listed;
    long stated = stmt[cls], answered = PyTuple_GET_SIZE(PyTuple_GET_ITEM(answers, cls));
    unsigned pick = 0;   /* the sizes to declare, then « nothing » when `nothing` */
    int nothing = 0;
    if (step == D_LONG(dialogue, D_ANSWER)) {
        if (answered || stated < 0 || stated > 12)
            return NULL;   /* the tie-break was told: the reference reads it */
        int beats = (held >> (stated + 1)) != 0, equals = held >> stated & 1;
        listed = Py_NewRef(PyTuple_GET_ITEM(PyTuple_GET_ITEM(dialogue, D_ANSWERS), beats * 2 + equals));
    }
    else {
        if (step == D_LONG(dialogue, D_DECLARE) || (step == D_LONG(dialogue, D_YOUNGER_DECLARE) && stated == 0))
            pick = held, nothing = 1;
        else if (step == D_LONG(dialogue, D_YOUNGER_DECLARE) && stated > 0 && stated <= 12)
            pick = answered == 1 ? held >> (stated + 1) << (stated + 1) : 1u << stated;
        else
            return NULL;
        Py_ssize_t size = __builtin_popcount(pick) + nothing, i = 0;
        if ((listed = PyTuple_New(size)) == NULL) {
            PyErr_Clear();
            return NULL;
        }
        for (long n = 12; n >= 0; n--)   /* the largest first */
            if (pick >> n & 1)
                PyTuple_SET_ITEM(listed, i++, Py_NewRef(PyTuple_GET_ITEM(declares, n)));
        if (nothing)
            PyTuple_SET_ITEM(listed, i, Py_NewRef(PyTuple_GET_ITEM(declares, 0)));
    }
    PyObject *key = PyLong_FromLong(now);
    if (key == NULL) {
        Py_DECREF(listed);
        PyErr_Clear();
        return NULL;
    }
    set_slot(state, off[MQ_KEY], key);
    set_slot(state, off[MQ_LISTED], Py_NewRef(listed));
    return listed;
}

/* Piquet: what a hand may call in a class of the declarations, of whole holdings (`calls.py`: `pure_calls_of`
 * is the reference). `set_piquet_calls()` hands over the calls of each suit's pattern (the point and the
 * sequences), the set of each rank's pattern of four cards, the cards of each set rank, each suit's shift
 * and the reference, which answers everything else: a part of a holding called (`partial`), a hand that is
 * not a set of the 52 cards, a class that is not one. */
static PyObject *pc_whole, *pc_sets, *pc_rank_cards, *pc_pure;
static int pc_shift[4];

static PyObject *
piquet_calls(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (pc_pure == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "piquet_calls: set_piquet_calls() was not called");
        return NULL;
    }
    int partial = nargs == 3 ? PyObject_IsTrue(args[2]) : -1, ok = 1;
    unsigned long long hand = nargs == 3 ? mask_of(args[0], &ok) : 0;
    long cls = nargs == 3 ? small_int(args[1]) : -1;
    if (nargs != 3 || partial != 0 || !ok || hand >> 52 || cls < 0 || cls > 2 || !PyLong_CheckExact(args[1])) {
        PyErr_Clear();
        return PyObject_Vectorcall(pc_pure, args, nargs, NULL);
    }
    PyObject *found[32];
    int n = 0;
    if (cls < 2) {   /* each suit's calls, read from its pattern's */
        PyObject *by_suit = PyTuple_GET_ITEM(pc_whole, cls);
        for (int s = 0; s < 4; s++) {
            PyObject *calls = PyTuple_GET_ITEM(PyTuple_GET_ITEM(by_suit, s), hand >> pc_shift[s] & 255);
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(calls) && n < 32; i++)
                found[n++] = PyTuple_GET_ITEM(calls, i);
        }
    }
    else
        for (Py_ssize_t r = 0; r < PyTuple_GET_SIZE(pc_sets); r++) {   /* each set rank's cards held */
            PyObject *cards = PyTuple_GET_ITEM(pc_rank_cards, r);
            int pattern = 0;
            for (int s = 0; s < 4; s++)
                pattern |= (int)(hand >> PyLong_AsLong(PyTuple_GET_ITEM(cards, s)) & 1) << s;
            PyObject *call = PyTuple_GET_ITEM(PyTuple_GET_ITEM(pc_sets, r), pattern);
            if (call != Py_None)
                found[n++] = call;
        }
    long key[32][2];
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 2; k++)
            key[i][k] = PyLong_AsLong(PyTuple_GET_ITEM(found[i], k));
    for (int i = 1; i < n; i++) {   /* largest and highest first; equal ones in the order found (a stable sort) */
        PyObject *item = found[i];
        long size = key[i][0], tie = key[i][1];
        int j = i - 1;
        for (; j >= 0 && (key[j][0] < size || (key[j][0] == size && key[j][1] < tie)); j--) {
            found[j + 1] = found[j];
            key[j + 1][0] = key[j][0], key[j + 1][1] = key[j][1];
        }
        found[j + 1] = item;
        key[j + 1][0] = size, key[j + 1][1] = tie;
    }
    PyObject *out = PyTuple_New(n);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < n; i++)
        PyTuple_SET_ITEM(out, i, Py_NewRef(found[i]));
    return out;
}

/* Whether `call` is a call: a tuple whose size and tie-break (its first two items) are ints. */
static int
pc_call_ok(PyObject *call)
{
    return PyTuple_Check(call) && PyTuple_GET_SIZE(call) >= 2 && PyLong_CheckExact(PyTuple_GET_ITEM(call, 0))
           && PyLong_CheckExact(PyTuple_GET_ITEM(call, 1)) && small_int(PyTuple_GET_ITEM(call, 0)) >= 0;
}

/* Whether `value` is a tuple of `n` tuples (`inner` items each, -1: any) of calls, read-only checks. */
static int
pc_table_ok(PyObject *value, Py_ssize_t n, Py_ssize_t inner)
{
    if (!PyTuple_CheckExact(value) || PyTuple_GET_SIZE(value) != n)
        return 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(value, i);
        if (!PyTuple_CheckExact(item) || (inner >= 0 && PyTuple_GET_SIZE(item) != inner))
            return 0;
    }
    return 1;
}

static PyObject *
set_piquet_calls(PyObject *module, PyObject *args)
{
    PyObject *whole, *sets, *rank_cards, *shift, *pure;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O:set_piquet_calls", &PyTuple_Type, &whole, &PyTuple_Type, &sets,
                          &PyTuple_Type, &rank_cards, &PyTuple_Type, &shift, &pure))
        return NULL;
    int ok = pc_table_ok(whole, 2, 4) && pc_table_ok(sets, PyTuple_GET_SIZE(sets), 16) && PyTuple_GET_SIZE(sets) <= 8
             && pc_table_ok(rank_cards, PyTuple_GET_SIZE(sets), 4) && PyTuple_GET_SIZE(shift) == 4;
    for (int c = 0; ok && c < 2; c++)
        for (int s = 0; ok && s < 4; s++) {
            PyObject *patterns = PyTuple_GET_ITEM(PyTuple_GET_ITEM(whole, c), s);
            ok = pc_table_ok(patterns, 256, -1);
            for (Py_ssize_t p = 0; ok && p < 256; p++) {
                PyObject *calls = PyTuple_GET_ITEM(patterns, p);
                ok = PyTuple_CheckExact(calls) && PyTuple_GET_SIZE(calls) <= 4;   /* a suit holds at most four calls */
                for (Py_ssize_t i = 0; ok && i < PyTuple_GET_SIZE(calls); i++)
                    ok = pc_call_ok(PyTuple_GET_ITEM(calls, i));
            }
        }
    for (Py_ssize_t r = 0; ok && r < PyTuple_GET_SIZE(sets); r++)
        for (int p = 0; ok && p < 16; p++) {
            PyObject *call = PyTuple_GET_ITEM(PyTuple_GET_ITEM(sets, r), p);
            ok = call == Py_None || pc_call_ok(call);
        }
    for (Py_ssize_t r = 0; ok && r < PyTuple_GET_SIZE(rank_cards); r++)
        for (int s = 0; ok && s < 4; s++) {
            long id = small_int(PyTuple_GET_ITEM(PyTuple_GET_ITEM(rank_cards, r), s));
            ok = id >= 0 && id < 52;
        }
    for (int s = 0; ok && s < 4; s++)
        ok = (pc_shift[s] = (int)small_int(PyTuple_GET_ITEM(shift, s))) >= 0 && pc_shift[s] <= 44;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "set_piquet_calls: the calls of 2 classes by suit and pattern (256, at "
                        "most four each), of each set rank by its four cards (16), those cards, four shifts");
        return NULL;
    }
    Py_XSETREF(pc_whole, Py_NewRef(whole));
    Py_XSETREF(pc_sets, Py_NewRef(sets));
    Py_XSETREF(pc_rank_cards, Py_NewRef(rank_cards));
    Py_XSETREF(pc_pure, Py_NewRef(pure));
    Py_RETURN_NONE;
}

/* Piquet: the moves kept for this version of the state, or the cards the hand to play may play when
 * the hand plays on (as `piquet_play_fast` takes them: the reference lists the first lead, which may name
 * a suit), kept as the reference keeps them. A new reference; NULL with no error set when it is not the
 * fast case (the caller runs the reference). */
static PyObject *
piquet_moves_fast(CardPlayObject *self, PyObject *state)
{
    SlotsObject *fields = self->fields;
    if (fields == NULL || !Py_IS_TYPE(state, fields->owner))
        return NULL;
    Py_ssize_t *off = fields->offsets;
    PyObject *version = *SLOT(state, off[MQ_VERSION]), *listed = *SLOT(state, off[MQ_LISTED]);
    PyObject *hands = *SLOT(state, off[MQ_HANDS]), *tricks = *SLOT(state, off[MQ_TRICKS]);
    PyObject *pending = *SLOT(state, off[MQ_PENDING]);
    long seat = small_int(*SLOT(state, off[MQ_TO_MOVE])), now = small_int(version);
    long led = small_int(*SLOT(state, off[MQ_LEAD_CARD]));
    if (seat < 0 || now < 0 || listed == NULL)
        return NULL;
    if (small_int(*SLOT(state, off[MQ_KEY])) == now)
        return Py_NewRef(listed);
    long phase = small_int(*SLOT(state, off[MQ_PHASE]));
    if (phase == self->elder_phase || phase == self->younger_phase)
        return piquet_exchange_moves(self, state, phase == self->elder_phase, seat, now);
    if (self->dialogue != NULL && (phase == D_LONG(self->dialogue, D_DIALOGUE)
                                   || phase == D_LONG(self->dialogue, D_YOUNGER_DECLARES)))
        return piquet_dialogue_moves(self, state, seat, now);
    if (phase != self->when || pending == NULL || !PyLong_Check(pending)
        || small_int(pending) != -1 || seat > 1 || hands == NULL || !PyTuple_CheckExact(hands)
        || PyTuple_GET_SIZE(hands) != 2 || tricks == NULL || !PyTuple_CheckExact(tricks) || led >= 52
        || (led < 0 && (PyTuple_GET_SIZE(tricks) == 0 || small_int(*SLOT(state, off[MQ_NAMED_SUIT])) != -1)))
        return NULL;
    int ok = 1;
    unsigned long long hand = mask_of(PyTuple_GET_ITEM(hands, seat), &ok);
    if (!ok || hand >> 52)
        return NULL;
    PyObject *cards = items_after(empty_tuple, self->cards, following(hand, led < 0 ? -1 : led / 13));
    PyObject *key = PyLong_FromLong(now);
    if (cards == NULL || key == NULL) {
        Py_XDECREF(cards);
        Py_XDECREF(key);
        return NULL;
    }
    set_slot(state, off[MQ_KEY], key);
    set_slot(state, off[MQ_LISTED], Py_NewRef(cards));
    return cards;
}

/* Sizette's talk entry (seat, trick, action) of `args`: the one kept by the id of the very action (its
 * `ENTRIES_BY_ID`), else `talk_entry`'s (which makes and keeps it). A new reference, or NULL. */
static PyObject *
talk_entry_of(CardPlayObject *self, PyObject *const *args)
{
    PyObject *id = PyLong_FromVoidPtr(args[2]);
    PyObject *key = id == NULL ? NULL : PyTuple_Pack(3, args[0], args[1], id);
    Py_XDECREF(id);
    if (key == NULL)
        return NULL;
    PyObject *found = PyDict_GetItemWithError(self->talk_by_id, key);
    Py_DECREF(key);
    if (found != NULL)
        return Py_NewRef(found);
    return PyErr_Occurred() ? NULL : PyObject_Vectorcall(self->talk_entry, args, 3, NULL);
}

/* Sizette, Quadrette: the captain's command of the lead in window C1 or C3, one of the moves just listed (the
 * very object), that the leader can obey: the reference's check, `windows.on_command` and `_turn` in one
 * call. 1: done; 0: not the fast case (nothing changed: the caller runs the reference); -1: an error. */
static int
command_fast(CardPlayObject *self, PyObject *state, PyObject *action, PyObject *seat_arg)
{
    PyObject *codes, *ring;
    Py_ssize_t *off = own_fields(self, state, NULL, &codes, &ring);
    if (off == NULL)
        return 0;
    PyObject *hands = *SLOT(state, off[F_HANDS]), *talk = *SLOT(state, off[FP_TALK]), *he = self->hand_edges;
    long to_move = small_int(*SLOT(state, off[F_TO_MOVE])), version = small_int(*SLOT(state, off[F_VERSION]));
    long leader = small_int(*SLOT(state, off[FP_LEADER])), trick_no = small_int(*SLOT(state, off[FP_TRICK_NO]));
    long window = small_int(*SLOT(state, off[FP_WINDOW])), code;
    Py_ssize_t depth;
    if (he == NULL || hands == NULL || !PyTuple_CheckExact(hands) || talk == NULL || !PyTuple_CheckExact(talk)
        || leader < 0 || leader >= PyTuple_GET_SIZE(hands) || trick_no < 0
        || small_int(*SLOT(state, off[FP_MODE])) != self->other
        || (window != self->c3 && window != small_int(PyTuple_GET_ITEM(he, HE_C1)))
        || *SLOT(state, off[FP_PENDING]) != Py_None)
        return 0;
    int listed = listed_move(self, state, off, codes, action, seat_arg, small_int(PyTuple_GET_ITEM(he, HE_PLAY)), &code,
                             &depth);
    if (listed <= 0)
        return listed;   /* not listed as this very object (the reference checks it), or an error */
    PyObject *spec = PyObject_GetAttr(action, s_spec);
    if (spec == NULL)
        return -1;
    PyObject *spec_mask = PyObject_GetAttr(spec, s_mask);
    int ok = 1;
    unsigned long long mask = mask_of(spec_mask, &ok);
    Py_XDECREF(spec_mask);
    unsigned long long hand = mask_of(PyTuple_GET_ITEM(hands, leader), &ok);
    long failed = small_int(*SLOT(state, off[FP_FAILED])), max_failed = -1;
    int obeyed = (hand & mask) != 0;
    if (!obeyed && failed >= 0) {   /* « pas de carte »: after `max_failed_commands` of them the leader is free */
        max_failed = int_attr(*SLOT(state, off[FP_RULES]), s_max_failed);
    }
    if (spec_mask == NULL || !ok || (!obeyed && max_failed < 0)) {   /* an error, or a state not as kept */
        Py_DECREF(spec);
        return PyErr_Occurred() ? -1 : 0;
    }
    int closes = obeyed || failed + 1 >= max_failed;
    PyObject *said = NULL, *more_talk = NULL, *new_version = NULL;
    PyObject *none_said = NULL, *new_failed = NULL, *next = NULL;
    int result = -1;
    PyObject *args[3] = {PyLong_FromLong(to_move), PyLong_FromLong(trick_no + 1), action};
    if (args[0] == NULL || args[1] == NULL)
        goto fail;
    said = talk_entry_of(self, args);
    if (said == NULL)
        goto fail;
    if (obeyed)
        more_talk = tuple_plus(talk, said);
    else {   /* the command, then « pas de carte » said by the leader */
        Py_SETREF(args[0], PyLong_FromLong(leader));
        args[2] = self->no_card;
        if (args[0] == NULL || (none_said = talk_entry_of(self, args)) == NULL
            || (new_failed = PyLong_FromLong(failed + 1)) == NULL)
            goto fail;
        Py_ssize_t size = PyTuple_GET_SIZE(talk);
        if ((more_talk = PyTuple_New(size + 2)) != NULL) {
            for (Py_ssize_t j = 0; j < size; j++)
                PyTuple_SET_ITEM(more_talk, j, Py_NewRef(PyTuple_GET_ITEM(talk, j)));
            PyTuple_SET_ITEM(more_talk, size, Py_NewRef(said));
            PyTuple_SET_ITEM(more_talk, size + 1, Py_NewRef(none_said));
        }
    }
    if (more_talk == NULL)
        goto fail;
    if (closes)
        next = Py_NewRef(*SLOT(state, off[F_MOVER]));
    else {   /* the window stays open: its captain commands again */
        PyObject *captains = *SLOT(state, off[FP_CAPTAINS]);
        long team = small_int(*SLOT(state, off[FP_WINDOW_TEAM]));
        if (captains == NULL || !PyTuple_CheckExact(captains) || team < 0 || team >= PyTuple_GET_SIZE(captains)) {
            PyErr_SetString(PyExc_RuntimeError, "CardPlay parlante: a state not as its game keeps it");
            goto fail;
        }
        next = Py_NewRef(PyTuple_GET_ITEM(captains, team));
    }
    if (keep_action(self, state, codes, ring, depth, code, version, &new_version) < 0)
        goto fail;
    set_slot(state, off[F_VERSION], new_version);
    set_slot(state, off[FP_TALK], more_talk);
    if (obeyed)
        set_slot(state, off[FP_COMMAND], Py_NewRef(spec));
    else {
        set_slot(state, off[FP_FAILED], new_failed);
        if (closes)
            set_slot(state, off[FP_COMMAND], Py_NewRef(Py_None));
    }
    if (closes) {
        set_slot(state, off[FP_WINDOW], PyLong_FromLong(self->no_window));
        set_slot(state, off[FP_MODE], PyLong_FromLong(self->when));
    }
    set_slot(state, off[F_TO_MOVE], next);
    new_failed = next = NULL;
    more_talk = new_version = NULL;
    /* « pas de carte » announced in the log, after the action */
    result = obeyed || announce(*SLOT(state, off[FP_LOG]), args[0], self->no_card) == 0 ? 1 : -1;
fail:
    Py_XDECREF(args[0]);
    Py_XDECREF(args[1]);
    Py_XDECREF(said);
    Py_XDECREF(none_said);
    Py_XDECREF(new_failed);
    Py_XDECREF(next);
    Py_XDECREF(more_talk);
    Py_XDECREF(new_version);
    Py_DECREF(spec);
    return result;
}

/* Sizette, Quadrette, when no card is due: the moves kept for this version of the state, or the captain's
 * commands in window C3, or in C1 when he does not lead, from the last list of them (`command_list`) when it
 * was made of the cards he cannot see now, or his `close` in C2 when he is not to play (the reference's `turns.moves`, `windows.window_moves` and
 * `windows.commands`), kept as they keep them.
 * A new reference; NULL with no error set when it is not the fast case (the caller runs the reference). */
static PyObject *
command_moves_fast(CardPlayObject *self, PyObject *state)
{
    Py_ssize_t *off = self->fields->offsets;
    PyObject *version = *SLOT(state, off[M_VERSION]), *listed = *SLOT(state, off[M_MOVES]);
    long seat = small_int(*SLOT(state, off[M_TO_MOVE])), now = small_int(version);
    if (seat < 0 || now < 0 || listed == NULL)
        return NULL;
    if (small_int(*SLOT(state, off[M_MKEY])) == now)
        return Py_NewRef(listed);
    PyObject *side_of = *SLOT(state, off[M_SIDE_OF]), *captains = *SLOT(state, off[M_CAPTAINS]);
    PyObject *hands = *SLOT(state, off[M_HANDS]), *slow = *SLOT(state, off[M_SLOW]);
    PyObject *cached = *SLOT(state, off[M_COMMAND_LIST]), *rules = *SLOT(state, off[M_RULES]);
    long team = small_int(*SLOT(state, off[M_WINDOW_TEAM])), window = small_int(*SLOT(state, off[M_WINDOW]));
    int c2 = window == self->c2 && small_int(*SLOT(state, off[M_MOVER])) != seat;   /* the captain may only close */
    if ((window != self->c3 && !c2 && (window != self->c1 || small_int(*SLOT(state, off[M_MOVER])) == seat))
        || *SLOT(state, off[M_PENDING]) != Py_None
        || side_of == NULL || !PyTuple_CheckExact(side_of) || seat >= PyTuple_GET_SIZE(side_of)
        || captains == NULL || !PyTuple_CheckExact(captains) || team < 0 || team >= PyTuple_GET_SIZE(captains)
        || small_int(PyTuple_GET_ITEM(side_of, seat)) != team || small_int(PyTuple_GET_ITEM(captains, team)) != seat
        || hands == NULL || !PyTuple_CheckExact(hands) || seat >= PyTuple_GET_SIZE(hands) || slow == NULL
        || !PyTuple_Check(slow) || PyTuple_GET_SIZE(slow) <= self->slow_talon_turned || cached == NULL
        || !PyTuple_CheckExact(cached) || PyTuple_GET_SIZE(cached) != 2 || rules == NULL)
        return NULL;
    PyObject *pack_value = PyObject_GetAttr(rules, s_pack);
    int ok = pack_value != NULL;
    unsigned long long pack = mask_of(pack_value, &ok);
    Py_XDECREF(pack_value);
    unsigned long long seen = mask_of(PyTuple_GET_ITEM(hands, seat), &ok) | mask_of(*SLOT(state, off[M_PLAYED]), &ok)
                              | mask_of(PyTuple_GET_ITEM(slow, self->slow_talon_turned), &ok);
    unsigned long long was = mask_of(PyTuple_GET_ITEM(cached, 0), &ok), unseen = pack & ~seen;
    if (!ok || unseen >> 52) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *commands = c2 ? self->close_only : PyTuple_GET_ITEM(cached, 1);
    if (!c2 && unseen != was) {   /* made again: `any` (and suit + selector), then a command for each unseen card */
        int extended = -1;
        PyObject *grammar = PyObject_GetAttr(rules, s_extended);
        if (grammar != NULL) {
            extended = PyObject_IsTrue(grammar);
            Py_DECREF(grammar);
        }
        if (extended < 0)
            return NULL;
        PyObject *made = items_after(extended ? self->commands_extended : self->commands_free, self->card_commands,
                                     unseen), *list = NULL, *bits = NULL;
        if (made == NULL)
            return NULL;
        if ((bits = PyLong_FromUnsignedLongLong(unseen)) == NULL || (list = PyTuple_Pack(2, bits, made)) == NULL) {
            Py_XDECREF(bits);
            Py_DECREF(made);
            return NULL;
        }
        Py_DECREF(bits);
        Py_DECREF(made);
        set_slot(state, off[M_COMMAND_LIST], list);
        commands = PyTuple_GET_ITEM(list, 1);
    }
    PyObject *key = PyLong_FromLong(now), *mover = PyLong_FromLong(seat);
    if (key == NULL || mover == NULL) {
        Py_XDECREF(key);
        Py_XDECREF(mover);
        return NULL;
    }
    set_slot(state, off[M_MOVES], Py_NewRef(commands));
    set_slot(state, off[M_MKEY], key);
    set_slot(state, off[M_MSEAT], mover);
    return Py_NewRef(commands);
}

/* The cards the hand to play may play, a tuple (a new reference; kept in the state for its version);
 * NULL with no error set when it is not the fast case (the caller runs the reference). */
static PyObject *
card_moves_fast(CardPlayObject *self, PyObject *state)
{
    SlotsObject *fields = self->fields;
    if (fields == NULL || !Py_IS_TYPE(state, fields->owner))
        return NULL;
    Py_ssize_t *off = fields->offsets;
    PyObject *version = *SLOT(state, off[M_VERSION]), *key = *SLOT(state, off[M_KEY]);
    if (self->kind == KIND_PARLANTE_MOVES && small_int(*SLOT(state, off[M_GATE])) == self->other)
        return command_moves_fast(self, state);
    if (small_int(*SLOT(state, off[M_GATE])) != self->when || version == NULL)
        return NULL;
    PyObject *listed = *SLOT(state, off[M_CARDS]);
    if (key != NULL && listed != NULL && PyLong_CheckExact(key) && PyLong_CheckExact(version)
        && (key == version || PyObject_RichCompareBool(key, version, Py_EQ) == 1))
        return Py_NewRef(listed);
    PyErr_Clear();
    PyObject *hands = *SLOT(state, off[M_HANDS]), *trick = *SLOT(state, off[M_TRICK]);
    long mover = small_int(*SLOT(state, off[M_MOVER]));
    if (hands == NULL || !PyTuple_CheckExact(hands) || trick == NULL || !PyTuple_CheckExact(trick) || mover < 0
        || mover >= PyTuple_GET_SIZE(hands))
        return NULL;
    long led = -1;
    PyObject *command = NULL;   /* Sizette: the captain's command the lead obeys */
    if (self->kind == KIND_PARLANTE_MOVES && PyTuple_GET_SIZE(trick) == 0) {
        command = *SLOT(state, off[M_COMMAND]);
        if (command == NULL || (command != Py_None && small_int(*SLOT(state, off[M_LEADER])) != mover))
            command = Py_None;
    }
    else if (self->kind == KIND_PARLANTE_MOVES) {
        if (*SLOT(state, off[M_FOLLOW_RULE]) != self->follow_suit)
            return NULL;
        led = small_int(*SLOT(state, off[M_LED]));
        if (led < 0 || led > 3)
            return NULL;
    }
    else if (PyTuple_GET_SIZE(trick)) {
        long first = small_int(PyTuple_GET_ITEM(trick, 0));
        if (first < 0 || first >= 52)
            return NULL;
        led = first / 13;
    }
    int ok = 1;
    unsigned long long hand = mask_of(PyTuple_GET_ITEM(hands, mover), &ok);
    if (!ok || hand >> 52)
        return NULL;
    unsigned long long allowed = following(hand, led);
    if (command != NULL && command != Py_None) {   /* the cards that obey it: the command's own rule */
        PyObject *strength = *SLOT(state, off[M_STRENGTH]), *bits = PyLong_FromUnsignedLongLong(hand);
        PyObject *args[3] = {command, bits, strength};
        PyObject *obeying = bits == NULL || strength == NULL ? NULL
                            : PyObject_VectorcallMethod(s_matching, args, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
        Py_XDECREF(bits);
        allowed = mask_of(obeying, &ok);
        Py_XDECREF(obeying);
        if (!ok || allowed & ~hand)
            return NULL;   /* an error, or not a subset of the hand: the reference */
    }
    PyObject *cards = items_after(empty_tuple, self->cards, allowed);
    if (cards == NULL)
        return NULL;
    if (self->kind == KIND_PARLANTE_MOVES) {
        PyObject *bits = PyLong_FromUnsignedLongLong(allowed);
        if (bits == NULL) {
            Py_DECREF(cards);
            return NULL;
        }
        set_slot(state, off[M_MASK], bits);
    }
    set_slot(state, off[M_KEY], Py_NewRef(version));
    set_slot(state, off[M_CARDS], Py_NewRef(cards));
    return cards;
}

/* Bésigue's card sets: up to 256 cards (its packs), read as four 64-bit words. */
#define BIG_WORDS 4
#define BRISQUE_FLAG 8
#define SEVEN_FLAG 16
typedef struct { unsigned long long w[BIG_WORDS]; } Big;

/* A card set of at most 256 cards read into `b`: 0, or -1 with no error set when `value` is not one. */
static int
big_of(PyObject *value, Big *b)
{
    unsigned char bytes[8 * BIG_WORDS];
    if (value == NULL || !PyLong_Check(value) || _PyLong_Sign(value) < 0)
        return -1;
    int failed = long_bytes(value, bytes, sizeof bytes);
    if (failed < 0) {
        PyErr_Clear();
        return -1;
    }
    for (int i = 0; i < BIG_WORDS; i++) {
        unsigned long long word = 0;
        for (int k = 7; k >= 0; k--)
            word = word << 8 | bytes[8 * i + k];
        b->w[i] = word;
    }
    return 0;
}

/* The int of the card set `b` (a new reference), or NULL. */
static PyObject *
big_long(const Big *b)
{
    unsigned char bytes[8 * BIG_WORDS];
    for (int i = 0; i < BIG_WORDS; i++)
        for (int k = 0; k < 8; k++)
            bytes[8 * i + k] = (unsigned char)(b->w[i] >> (8 * k));
    return _PyLong_FromByteArray(bytes, sizeof bytes, 1, 0);
}

static int
big_has(const Big *b, long c)
{
    return c >= 0 && c < 64 * BIG_WORDS && (b->w[c / 64] >> (c % 64) & 1);
}

static void
big_flip(Big *b, long c)
{
    b->w[c / 64] ^= 1ULL << (c % 64);
}

static int
big_count(const Big *b)
{
    int count = 0;
    for (int i = 0; i < BIG_WORDS; i++)
        count += __builtin_popcountll(b->w[i]);
    return count;
}

static int
big_empty(const Big *b)
{
    return !(b->w[0] | b->w[1] | b->w[2] | b->w[3]);
}

/* Bésigue: a card played in the play (the talon on the table: any card of the hand) or in the last tricks
 * (one of the moves just listed for this version: following and heading as the reference lists them), with
 * the reference's check and change (`BesigueState._check`, `_play`): the trick won included, but not when a
 * seven of trumps falls in it in the play (it scores), nor the hand's last trick (the hand is counted).
 * 1: played; 0: not the fast case (nothing changed: the caller runs the reference); -1: an error. */
static int
besigue_play_fast(CardPlayObject *self, PyObject *state, PyObject *card, PyObject *seat_arg)
{
    PyObject *codes, *ring;
    Py_ssize_t *off = own_fields(self, state, card, &codes, &ring);
    if (off == NULL)
        return 0;
    long phase = small_int(*SLOT(state, off[FB_PHASE])), n = small_int(*SLOT(state, off[FB_N]));
    long to_move = small_int(*SLOT(state, off[F_TO_MOVE])), version = small_int(*SLOT(state, off[F_VERSION]));
    long c = small_int(card), leader = small_int(*SLOT(state, off[FB_LEADER]));
    PyObject *hands = *SLOT(state, off[F_HANDS]), *tabled = *SLOT(state, off[FB_TABLED]), *trick = *SLOT(state, off[F_TRICK]);
    PyObject *brisques = *SLOT(state, off[FB_BRISQUES]), *rules = *SLOT(state, off[FB_RULES]);
    const unsigned char *info = (const unsigned char *)PyBytes_AS_STRING(self->card_info);
    Py_ssize_t known = PyBytes_GET_SIZE(self->card_info);
    if ((phase != self->when && phase != self->last_phase) || n < 2 || n > 4 || to_move < 0 || to_move >= n
        || version < 0 || c < 0 || c >= known || leader < 0 || leader >= n || hands == NULL || !PyTuple_CheckExact(hands)
        || PyTuple_GET_SIZE(hands) != n || tabled == NULL || !PyTuple_CheckExact(tabled) || PyTuple_GET_SIZE(tabled) != n
        || trick == NULL || !PyTuple_CheckExact(trick) || PyTuple_GET_SIZE(trick) >= n || rules == NULL)
        return 0;
    if (seat_arg != NULL && seat_arg != Py_None && small_int(seat_arg) != to_move)
        return 0;
    Big hand, on_table, mask, played;
    if (big_of(PyTuple_GET_ITEM(hands, to_move), &hand) < 0 || big_of(PyTuple_GET_ITEM(tabled, to_move), &on_table) < 0
        || big_of(*SLOT(state, off[FB_TRICK_MASK]), &mask) < 0 || big_of(*SLOT(state, off[F_PLAYED]), &played) < 0
        || !big_has(&hand, c))
        return 0;   /* not held: the reference refuses it, with its reason */
    if (phase == self->last_phase) {   /* the moves listed for this version, the very rule of the reference */
        PyObject *listed = *SLOT(state, off[FB_MOVES]);
        if (small_int(*SLOT(state, off[FB_MKEY])) != version || listed == NULL || !PyTuple_CheckExact(listed))
            return 0;
        Py_ssize_t i = 0, size = PyTuple_GET_SIZE(listed);
        while (i < size && !(Py_IS_TYPE(PyTuple_GET_ITEM(listed, i), (PyTypeObject *)card_type)
                             && small_int(PyTuple_GET_ITEM(listed, i)) == c))
            i++;
        if (i == size)
            return 0;
    }
    Py_ssize_t k = PyTuple_GET_SIZE(trick);
    long cards[4], best = 0, best_key = -2, led = -1, trump = -1, winner = -1;
    for (Py_ssize_t i = 0; i < k; i++)
        if ((cards[i] = small_int(PyTuple_GET_ITEM(trick, i))) < 0 || cards[i] >= known)
            return 0;
    cards[k] = c;
    int complete = k + 1 == n, taken = 0;
    PyObject *side_of = NULL;
    long side = -1;
    if (complete) {   /* the trick won: the first of the highest keys (trumps, then the suit led; jokers none) */
        PyObject *trump_value = *SLOT(state, off[FB_TRUMP]);
        if (trump_value != Py_None && ((trump = small_int(trump_value)) < 0 || trump > 3))
            return 0;
        for (long i = 0; i < n && led < 0; i++)
            if ((info[cards[i]] & 7) < 4)
                led = info[cards[i]] & 7;
        for (long i = 0; i < n; i++)
            if (phase == self->when && trump >= 0 && (info[cards[i]] & SEVEN_FLAG) && (info[cards[i]] & 7) == trump)
                return 0;   /* a seven of trumps scores: the reference */
        PyObject *strength = PyObject_GetAttr(rules, s_strength);
        if (strength == NULL)
            return -1;
        for (long i = 0; i < n; i++) {
            long suit = info[cards[i]] & 7, key = -1;
            if (suit == trump || suit == led) {
                PyObject *value = PySequence_GetItem(strength, cards[i]);
                long rank = value == NULL ? -1 : PyLong_AsLong(value);
                Py_XDECREF(value);
                if (rank == -1 && PyErr_Occurred()) {
                    Py_DECREF(strength);
                    return -1;
                }
                key = (suit == trump ? 64 : 32) + rank;
            }
            if (i == 0 || key > best_key) {
                best = i;
                best_key = key;
            }
            taken += (info[cards[i]] & BRISQUE_FLAG) != 0;
        }
        Py_DECREF(strength);
        winner = (leader + best) % n;
        if (phase == self->last_phase) {   /* the hand's last trick: the reference counts the hand */
            Big after;
            if (winner == to_move) {
                after = hand;
                big_flip(&after, c);
            }
            else if (big_of(PyTuple_GET_ITEM(hands, winner), &after) < 0)
                return 0;
            if (big_empty(&after))
                return 0;
        }
        side_of = PyObject_GetAttr(rules, s_side_of);
        if (side_of == NULL)
            return -1;
        PyObject *item = PyTuple_Check(side_of) && PyTuple_GET_SIZE(side_of) == n ? PyTuple_GET_ITEM(side_of, winner) : NULL;
        side = small_int(item);
        Py_DECREF(side_of);
        if (side < 0 || brisques == NULL || !PyTuple_CheckExact(brisques) || side >= PyTuple_GET_SIZE(brisques)
            || (taken && small_int(PyTuple_GET_ITEM(brisques, side)) < 0))
            return 0;
    }
    Py_ssize_t length = PyObject_Size(codes), depth = undo_depth(state);
    if (length < 0 || depth < 0)
        return -1;
    if (!(length & self->anchor_mask))
        return 0;   /* the reference keeps a position here */
    /* every new value made before any field is written */
    PyObject *snapshot = NULL, *new_version = NULL, *new_hands = NULL, *new_tabled = NULL, *new_trick = NULL;
    PyObject *new_mask = NULL, *new_played = NULL, *new_mover = NULL, *new_brisques = NULL, *record = NULL;
    PyObject *event = NULL, *winner_seat = NULL;
    int result = -1;
    big_flip(&hand, c);
    big_flip(&mask, c);
    big_flip(&played, c);
    if ((snapshot = PyObject_CallOneArg(self->snapshot, state)) == NULL
        || (new_version = PyLong_FromLong(version + 1)) == NULL
        || (new_hands = tuple_put(hands, to_move, big_long(&hand))) == NULL
        || (new_played = big_long(&played)) == NULL)
        goto done;
    if (big_has(&on_table, c)) {
        big_flip(&on_table, c);
        if ((new_tabled = tuple_put(tabled, to_move, big_long(&on_table))) == NULL)
            goto done;
    }
    if (!complete) {
        if ((new_trick = tuple_plus(trick, card)) == NULL || (new_mask = big_long(&mask)) == NULL
            || (new_mover = PyLong_FromLong((to_move + 1) % n)) == NULL)
            goto done;
    }
    else {
        PyObject *cards_played = tuple_plus(trick, card), *args = NULL, *items = NULL;
        if (cards_played == NULL || (winner_seat = PyLong_FromLong(winner)) == NULL)
            goto record_done;
        PyObject *leader_seat = *SLOT(state, off[FB_LEADER]);
        if ((items = PyTuple_Pack(3, leader_seat, cards_played, winner_seat)) != NULL
            && (args = PyTuple_Pack(1, items)) != NULL)
            record = PyTuple_Type.tp_new((PyTypeObject *)self->trick_record, args, NULL);
    record_done:
        Py_XDECREF(cards_played);
        Py_XDECREF(items);
        Py_XDECREF(args);
        if (record == NULL || (new_mask = PyLong_FromLong(0)) == NULL
            || (event = PySequence_GetItem(self->trick_won, big_count(&played) / n)) == NULL)
            goto done;
        new_trick = Py_NewRef(empty_tuple);
        new_mover = Py_NewRef(winner_seat);
        if (taken) {
            long had = small_int(PyTuple_GET_ITEM(brisques, side));
            if ((new_brisques = tuple_put(brisques, side, PyLong_FromLong(had + taken))) == NULL)
                goto done;
        }
    }
    if (record_card(self, codes, to_move, c) < 0 || keep_snapshot(ring, snapshot, depth) < 0)
        goto done;
    set_slot(state, off[F_VERSION], Py_NewRef(new_version));
    set_slot(state, off[F_HANDS], Py_NewRef(new_hands));
    if (new_tabled != NULL)
        set_slot(state, off[FB_TABLED], Py_NewRef(new_tabled));
    set_slot(state, off[F_TRICK], Py_NewRef(new_trick));
    set_slot(state, off[FB_TRICK_MASK], Py_NewRef(new_mask));
    set_slot(state, off[F_PLAYED], Py_NewRef(new_played));
    set_slot(state, off[F_TO_MOVE], Py_NewRef(new_mover));
    result = 1;
    if (complete) {
        if (new_brisques != NULL)
            set_slot(state, off[FB_BRISQUES], Py_NewRef(new_brisques));
        set_slot(state, off[FB_LAST_TRICK], Py_NewRef(record));
        set_slot(state, off[FB_LEADER], Py_NewRef(winner_seat));
        if (announce(*SLOT(state, off[FB_LOG]), winner_seat, event) < 0)
            result = -1;
        else if (phase == self->when) {
            set_slot(state, off[FB_PHASE], PyLong_FromLong(self->declare_phase));
            set_slot(state, off[FB_DECLARED], PyLong_FromLong(0));
        }
    }
done:
    Py_XDECREF(snapshot);
    Py_XDECREF(new_version);
    Py_XDECREF(new_hands);
    Py_XDECREF(new_tabled);
    Py_XDECREF(new_trick);
    Py_XDECREF(new_mask);
    Py_XDECREF(new_played);
    Py_XDECREF(new_mover);
    Py_XDECREF(new_brisques);
    Py_XDECREF(record);
    Py_XDECREF(event);
    Py_XDECREF(winner_seat);
    return result;
}

/* Bésigue: the trick's winner passes (`PASS`, as listed after his declarations) and the seats draw from
 * the talon in turn, the winner first, when the talon holds more cards than the seats (the reference's
 * check and `_draw_cards`, but the draw that reaches the talon's last card, the turned one: the last
 * tricks begin). 1: done; 0: not the fast case (nothing changed: the caller runs the reference); -1: an
 * error. */
static int
besigue_pass_fast(CardPlayObject *self, PyObject *state, PyObject *seat_arg)
{
    PyObject *codes, *ring;
    Py_ssize_t *off = own_fields(self, state, NULL, &codes, &ring);
    if (off == NULL)
        return 0;
    long phase = small_int(*SLOT(state, off[FB_PHASE])), n = small_int(*SLOT(state, off[FB_N]));
    long seat = small_int(*SLOT(state, off[F_TO_MOVE])), version = small_int(*SLOT(state, off[F_VERSION]));
    long pos = small_int(*SLOT(state, off[FB_TALON_POS]));
    PyObject *hands = *SLOT(state, off[F_HANDS]), *talon = *SLOT(state, off[FB_TALON]);
    if (phase != self->declare_phase || n < 2 || n > 4 || seat < 0 || seat >= n || version < 0 || pos < 0
        || *SLOT(state, off[FB_ENDED]) != Py_None || hands == NULL || !PyTuple_CheckExact(hands)
        || PyTuple_GET_SIZE(hands) != n || talon == NULL || !PyTuple_CheckExact(talon)
        || pos + n >= PyTuple_GET_SIZE(talon) || seat >= PyTuple_GET_SIZE(self->seat_code))
        return 0;   /* the draw reaches the talon's last card: the reference */
    if (seat_arg != NULL && seat_arg != Py_None && small_int(seat_arg) != seat)
        return 0;
    long narrow = narrow_code_of(self->narrow_code, self->pass_action);
    long seat_code = small_int(PyTuple_GET_ITEM(self->seat_code, seat));
    if (narrow < 0 || seat_code < 0)
        return narrow == -2 ? -1 : 0;
    Py_ssize_t length = PyObject_Size(codes), depth = undo_depth(state);
    if (length < 0 || depth < 0)
        return -1;
    if (!(length & self->anchor_mask))
        return 0;   /* the reference keeps a position here */
    PyObject *drawn[4] = {NULL, NULL, NULL, NULL}, *seats[4] = {NULL, NULL, NULL, NULL};
    PyObject *new_hands = PyTuple_New(n), *new_version = NULL;
    int result = -1;
    if (new_hands == NULL)
        goto fail;
    for (long i = 0; i < n; i++)
        PyTuple_SET_ITEM(new_hands, i, Py_NewRef(PyTuple_GET_ITEM(hands, i)));
    for (long i = 0; i < n; i++) {   /* each seat in turn from the winner takes the talon's next card */
        long who = (seat + i) % n;
        PyObject *card = PyTuple_GET_ITEM(talon, pos + i);
        long c = small_int(card);
        Big hand;
        if (c < 0 || big_of(PyTuple_GET_ITEM(new_hands, who), &hand) < 0 || c >= 64 * BIG_WORDS || big_has(&hand, c)) {
            result = 0;   /* not a state as the game keeps it: the reference */
            goto fail;
        }
        big_flip(&hand, c);
        PyObject *held = big_long(&hand);
        if (held == NULL || (seats[i] = PyLong_FromLong(who)) == NULL) {
            Py_XDECREF(held);
            goto fail;
        }
        Py_SETREF(PyTuple_GET_ITEM(new_hands, who), held);
        PyObject *args[2] = {seats[i], card};
        if ((drawn[i] = PyObject_Vectorcall(self->drew, args, 2, NULL)) == NULL)
            goto fail;
    }
    if (keep_action(self, state, codes, ring, depth, seat_code | narrow, version, &new_version) < 0)
        goto fail;
    set_slot(state, off[F_VERSION], new_version);
    set_slot(state, off[F_HANDS], new_hands);
    set_slot(state, off[FB_TALON_POS], PyLong_FromLong(pos + n));
    set_slot(state, off[F_TO_MOVE], PyLong_FromLong(seat));
    set_slot(state, off[FB_PHASE], PyLong_FromLong(self->when));
    new_version = new_hands = NULL;
    result = 1;
    for (long i = 0; i < n && result == 1; i++)   /* each seat's draw announced, after the action */
        if (announce(*SLOT(state, off[FB_LOG]), seats[i], drawn[i]) < 0)
            result = -1;
fail:
    for (long i = 0; i < 4; i++) {
        Py_XDECREF(drawn[i]);
        Py_XDECREF(seats[i]);
    }
    Py_XDECREF(new_hands);
    Py_XDECREF(new_version);
    return result;
}

/* Bésigue: the moves kept for this version of the state, or, in the play, the cards of the hand to play
 * (any card: the talon is on the table), kept as the reference keeps them. A new reference; NULL with no
 * error set when it is not the fast case (the caller runs the reference). */
static PyObject *
besigue_moves_fast(CardPlayObject *self, PyObject *state)
{
    SlotsObject *fields = self->fields;
    if (fields == NULL || !Py_IS_TYPE(state, fields->owner))
        return NULL;
    Py_ssize_t *off = fields->offsets;
    PyObject *version = *SLOT(state, off[MB_VERSION]), *listed = *SLOT(state, off[MB_MOVES]);
    PyObject *hands = *SLOT(state, off[MB_HANDS]);
    long seat = small_int(*SLOT(state, off[MB_TO_MOVE])), now = small_int(version);
    if (seat < 0 || now < 0 || listed == NULL)
        return NULL;
    if (small_int(*SLOT(state, off[MB_KEY])) == now)
        return Py_NewRef(listed);
    Big hand;
    if (small_int(*SLOT(state, off[MB_PHASE])) != self->when || hands == NULL || !PyTuple_CheckExact(hands)
        || seat >= PyTuple_GET_SIZE(hands) || big_of(PyTuple_GET_ITEM(hands, seat), &hand) < 0)
        return NULL;
    Py_ssize_t size = PyTuple_GET_SIZE(self->cards), i = 0;
    PyObject *cards = PyTuple_New(big_count(&hand));
    if (cards == NULL)
        return NULL;
    for (Py_ssize_t w = 0; w < BIG_WORDS; w++)
        for (unsigned long long bits = hand.w[w]; bits; bits &= bits - 1) {
            Py_ssize_t id = 64 * w + __builtin_ctzll(bits);
            if (id >= size) {
                Py_DECREF(cards);
                return NULL;   /* not a card: the reference says so */
            }
            PyTuple_SET_ITEM(cards, i++, Py_NewRef(PyTuple_GET_ITEM(self->cards, id)));
        }
    PyObject *key = PyLong_FromLong(now);
    if (key == NULL) {
        Py_DECREF(cards);
        return NULL;
    }
    set_slot(state, off[MB_KEY], key);
    set_slot(state, off[MB_MOVES], Py_NewRef(cards));
    return cards;
}

/* Bésigue: what the trick's winner may declare (`atout/games/besigue/declarations.py`: `pure_legal` is the
 * reference, line for line). `set_besigue_legal()` hands over the masks of the cards declarations use, the
 * names and fixed points of the combinations, the types to make and the reference, which answers every
 * call whose arguments are not the plain values the reference is written for (it then says what is wrong). */
enum { BL_TRUMP_MARRIAGE, BL_MARRIAGE, BL_BESIGUE, BL_DOUBLE_BESIGUE, BL_QUINTE, BL_JOKERS, BL_TRUMP_CARRE,
       BL_PLAIN_CARRE = BL_TRUMP_CARRE + 4, BL_KINDS = BL_PLAIN_CARRE + 4 };
enum { BL_KINGS, BL_QUEENS, BL_ACES, BL_TENS, BL_JACKS, BL_SUITS, BL_BY_SUIT };   /* masks by suit */
static Big bl_by_suit[BL_BY_SUIT][4], bl_rank[4], bl_copies[4][4], bl_qs, bl_jd, bl_jokers;
static PyObject *bl_declaration, *bl_cardset, *bl_names, *bl_points, *bl_pure;

static inline Big big_and(Big a, Big b) { for (int i = 0; i < BIG_WORDS; i++) a.w[i] &= b.w[i]; return a; }
static inline Big big_or(Big a, Big b) { for (int i = 0; i < BIG_WORDS; i++) a.w[i] |= b.w[i]; return a; }
static inline Big big_andnot(Big a, Big b) { for (int i = 0; i < BIG_WORDS; i++) a.w[i] &= ~b.w[i]; return a; }
static inline int big_meet(Big a, Big b) { return !big_empty(&(Big){{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2], a.w[3] & b.w[3]}}); }

/* The lowest card of `a` (none: the empty set). */
static inline Big
big_low(Big a)
{
    Big low = {{0}};
    for (int i = 0; i < BIG_WORDS; i++)
        if (a.w[i]) {
            low.w[i] = a.w[i] & -a.w[i];
            break;
        }
    return low;
}

/* `_lowest`: the lowest `count` cards of `mask` appended to `picked` (holding `*n`). */
static void
bl_lowest(Big mask, int count, Big *picked, int *n)
{
    for (int taken = 0; taken < count && !big_empty(&mask); taken++) {
        Big low = big_low(mask);
        picked[(*n)++] = low;
        mask = big_andnot(mask, low);
    }
}

typedef struct { Big cands, preferred; } BlSlot;

/* `_pick`: one card per slot, a preferred one first, else the lowest; then one from the hand if none is. */
static Big
bl_pick(const BlSlot *slots, int n, Big hand)
{
    Big chosen[5], none = {{0}}, out = {{0}};
    int from_hand = 0;
    for (int i = 0; i < n; i++) {
        if (big_empty(&slots[i].cands))
            return none;
        Big pool = big_and(slots[i].cands, slots[i].preferred);
        chosen[i] = big_low(big_empty(&pool) ? slots[i].cands : pool);
        from_hand |= big_meet(chosen[i], hand);
    }
    if (!from_hand) {
        int i = 0;
        for (; i < n; i++) {
            Big fresh = big_and(slots[i].cands, hand);
            if (!big_empty(&fresh)) {
                chosen[i] = big_low(fresh);
                break;
            }
        }
        if (i == n)
            return none;
    }
    for (int i = 0; i < n; i++)
        out = big_or(out, chosen[i]);
    return out;
}

/* `_two`: two cards of `cands`, tabled first (or, `from_hand`, at least one from the hand). */
static Big
bl_two(Big cands, Big tabled, Big hand, int from_hand)
{
    Big none = {{0}};
    if (from_hand) {
        Big first = big_low(big_and(cands, hand));
        Big rest = big_andnot(cands, first);
        Big second = big_and(rest, tabled);
        if (big_empty(&second))
            second = rest;
        return big_empty(&first) || big_empty(&second) ? none : big_or(first, big_low(second));
    }
    Big picked[4];
    int n = 0;
    bl_lowest(big_and(cands, tabled), 2, picked, &n);
    bl_lowest(big_andnot(cands, tabled), 2 - n, picked, &n);
    return n == 2 ? big_or(picked[0], picked[1]) : none;
}

/* `_carre`: four cards of a plain carré, or none. */
static Big
bl_carre(Big cands, Big jokers, Big tabled, Big hand, Big trump_mask)
{
    Big none = {{0}}, picked[8];
    Big order[4] = {big_andnot(big_and(cands, tabled), trump_mask), big_and(big_and(cands, tabled), trump_mask),
                    big_andnot(big_and(cands, hand), trump_mask), big_and(big_and(cands, hand), trump_mask)};
    int n = 0;
    for (int g = 0; g < 4; g++)
        bl_lowest(order[g], 4 - n, picked, &n);
    if (n < 3 || (n == 3 && big_empty(&jokers)))
        return none;
    Big all = {{0}};
    for (int i = 0; i < n; i++)
        all = big_or(all, picked[i]);
    if (n == 3)
        picked[n++] = big_low(jokers);
    else if (!big_meet(all, hand)) {
        Big spare = big_andnot(big_and(cands, hand), all);
        if (!big_empty(&spare))
            picked[n - 1] = big_low(spare);
        else if (!big_empty(&jokers))
            picked[n - 1] = big_low(jokers);
        else
            return none;
    }
    Big out = {{0}};
    for (int i = 0; i < n; i++)
        out = big_or(out, picked[i]);
    return out;
}

/* The used masks of a `Used` (m, tm, q, b, db, c, pairs): 0, or -1 when it is not one (no error set). */
static int
bl_used(PyObject *used, Big *masks)
{
    if (!PyTuple_Check(used) || PyTuple_GET_SIZE(used) != 7 || !PyTuple_Check(PyTuple_GET_ITEM(used, 6)))
        return -1;
    for (int i = 0; i < 6; i++)
        if (big_of(PyTuple_GET_ITEM(used, i), &masks[i]) < 0)
            return -1;
    PyObject *pairs = PyTuple_GET_ITEM(used, 6);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(pairs); i++) {
        Big pair;
        if (big_of(PyTuple_GET_ITEM(pairs, i), &pair) < 0)
            return -1;
    }
    return 0;
}

/* `_quinte`: the quinte of trumps the winner may declare, or none; -1 with no error set: a pair is not a set. */
static int
bl_quinte(int trump, Big owned, Big tabled, Big hand, const Big *used, PyObject *pairs, int needs_marriage, Big *out)
{
    Big free_m = big_andnot(owned, used[0]);
    Big kings = bl_by_suit[BL_KINGS][trump], queens = bl_by_suit[BL_QUEENS][trump];
    Big aces = big_and(free_m, bl_by_suit[BL_ACES][trump]), tens = big_and(free_m, bl_by_suit[BL_TENS][trump]);
    Big jacks = big_and(free_m, bl_by_suit[BL_JACKS][trump]);
    if (needs_marriage) {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(pairs); i++) {
            Big pair;
            if (big_of(PyTuple_GET_ITEM(pairs, i), &pair) < 0)
                return -1;
            Big kept = big_and(big_and(pair, owned), tabled);
            if (memcmp(&kept, &pair, sizeof pair) == 0 && !big_meet(pair, used[2])) {   /* the first whole pair */
                BlSlot slots[5] = {{aces, tabled}, {tens, tabled}, {jacks, tabled}, {big_and(pair, kings), pair},
                                   {big_and(pair, queens), pair}};
                *out = bl_pick(slots, 5, hand);
                return 0;
            }
        }
        *out = (Big){{0}};
        return 0;
    }
    Big from_marriage = big_and(big_andnot(big_and(owned, used[1]), used[2]), tabled);
    Big preferred = big_empty(&from_marriage) ? tabled : from_marriage;
    Big free = big_or(free_m, from_marriage);
    BlSlot slots[5] = {{aces, tabled}, {tens, tabled}, {jacks, tabled}, {big_and(free, kings), preferred},
                       {big_and(free, queens), preferred}};
    *out = bl_pick(slots, 5, hand);
    return 0;
}

/* Append the declaration of kind `kind` and cards `cards` worth `points` (a borrowed int) to `out`. */
static int
bl_append(PyObject *out, int kind, Big cards, PyObject *points)
{
    PyObject *bits = big_long(&cards), *args = NULL, *set = NULL, *made = NULL;
    if (bits == NULL || (args = PyTuple_Pack(1, bits)) == NULL
        || (set = PyLong_Type.tp_new((PyTypeObject *)bl_cardset, args, NULL)) == NULL) {
        Py_XDECREF(bits);
        Py_XDECREF(args);
        return -1;
    }
    PyObject *call[3] = {PyTuple_GET_ITEM(bl_names, kind), set, points};
    made = PyObject_Vectorcall(bl_declaration, call, 3, NULL);
    Py_DECREF(bits);
    Py_DECREF(args);
    Py_DECREF(set);
    if (made == NULL)
        return -1;
    int failed = PyList_Append(out, made);
    Py_DECREF(made);
    return failed;
}

static PyObject *
besigue_legal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (bl_pure == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "besigue_legal: set_besigue_legal() was not called");
        return NULL;
    }
    Big owned, tabled, used[6];
    long trump = -1;
    int needs_marriage;
    if (nargs != 6 || !PyTuple_Check(args[0]) || PyTuple_GET_SIZE(args[0]) != 3
        || (args[1] != Py_None && ((trump = small_int(args[1])) < 0 || trump > 3))
        || big_of(args[2], &owned) < 0 || big_of(args[3], &tabled) < 0 || bl_used(args[4], used) < 0)
        return PyObject_Vectorcall(bl_pure, args, nargs, NULL);   /* the reference says what is wrong */
    for (int i = 0; i < 3; i++)
        if (!PyLong_Check(PyTuple_GET_ITEM(args[0], i)))
            return PyObject_Vectorcall(bl_pure, args, nargs, NULL);
    if ((needs_marriage = PyObject_IsTrue(args[5])) < 0)
        return NULL;
    PyObject *values = args[0], *pairs = PyTuple_GET_ITEM(args[4], 6);
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    Big hand = big_andnot(owned, tabled);
    if (big_empty(&hand))
        return out;
    Big free_m = big_andnot(owned, used[0]);
    for (int suit = 0; suit < 4; suit++) {
        Big kings = big_and(free_m, bl_by_suit[BL_KINGS][suit]), queens = big_and(free_m, bl_by_suit[BL_QUEENS][suit]);
        if (big_empty(&kings) || big_empty(&queens))
            continue;
        BlSlot slots[2] = {{kings, tabled}, {queens, tabled}};
        Big cards = bl_pick(slots, 2, hand);
        int trumps = args[1] == Py_None || suit == trump;
        if (!big_empty(&cards) && bl_append(out, trumps ? BL_TRUMP_MARRIAGE : BL_MARRIAGE, cards,
                                            trumps ? PyTuple_GET_ITEM(values, 0)
                                                   : PyTuple_GET_ITEM(bl_points, BL_MARRIAGE)) < 0)
            goto error;
    }
    if (args[1] == Py_None)
        return out;   /* before trump is known: only marriages */
    Big free_b = big_andnot(big_andnot(owned, used[3]), used[4]);
    Big qs = big_and(free_b, bl_qs), jd = big_and(free_b, bl_jd);
    if (!big_empty(&qs) && !big_empty(&jd)) {
        BlSlot slots[2] = {{qs, tabled}, {jd, tabled}};
        Big cards = bl_pick(slots, 2, hand);
        if (!big_empty(&cards) && bl_append(out, BL_BESIGUE, cards, PyTuple_GET_ITEM(values, 1)) < 0)
            goto error;
    }
    int doubled = PyObject_IsTrue(PyTuple_GET_ITEM(values, 2));
    if (doubled < 0)
        goto error;
    if (doubled) {
        Big free_db = big_andnot(owned, used[4]);
        Big qs2 = big_and(free_db, bl_qs), jd2 = big_and(free_db, bl_jd);
        if (big_count(&qs2) >= 2 && big_count(&jd2) >= 2) {
            Big two_q = bl_two(qs2, tabled, hand, 0), two_j = bl_two(jd2, tabled, hand, 0);
            if (!big_meet(big_or(two_q, two_j), hand)) {
                if (big_meet(qs2, hand))
                    two_q = bl_two(qs2, tabled, hand, 1);
                else
                    two_j = bl_two(jd2, tabled, hand, 1);
            }
            Big both = big_or(two_q, two_j);
            if (big_meet(both, hand) && bl_append(out, BL_DOUBLE_BESIGUE, both, PyTuple_GET_ITEM(values, 2)) < 0)
                goto error;
        }
    }
    if (big_meet(free_m, bl_by_suit[BL_ACES][trump]) && big_meet(free_m, bl_by_suit[BL_TENS][trump])
        && big_meet(free_m, bl_by_suit[BL_JACKS][trump])) {
        Big quinte;
        if (bl_quinte((int)trump, owned, tabled, hand, used, pairs, needs_marriage, &quinte) < 0) {
            Py_DECREF(out);
            return PyObject_Vectorcall(bl_pure, args, nargs, NULL);
        }
        if (!big_empty(&quinte) && bl_append(out, BL_QUINTE, quinte, PyTuple_GET_ITEM(bl_points, BL_QUINTE)) < 0)
            goto error;
    }
    Big free_c = big_andnot(owned, used[5]), jokers = big_and(free_c, bl_jokers);
    if (big_count(&jokers) == 4 && big_meet(jokers, hand)
        && bl_append(out, BL_JOKERS, jokers, PyTuple_GET_ITEM(bl_points, BL_JOKERS)) < 0)
        goto error;
    int ranks[4], nranks = 0;
    for (int r = 0; r < 4; r++) {
        Big held = big_and(free_c, bl_rank[r]);
        if (big_count(&held) >= 3)
            ranks[nranks++] = r;
    }
    for (int i = 0; i < nranks; i++) {
        Big four = big_and(free_c, bl_copies[ranks[i]][trump]);
        if (big_count(&four) == 4 && big_meet(four, hand)
            && bl_append(out, BL_TRUMP_CARRE + ranks[i], four, PyTuple_GET_ITEM(bl_points, BL_TRUMP_CARRE + ranks[i])) < 0)
            goto error;
    }
    for (int i = 0; i < nranks; i++) {
        Big cands = big_and(free_c, bl_rank[ranks[i]]);
        if (big_count(&cands) == 3 && big_empty(&jokers))
            continue;   /* no four cards, nor three and a joker */
        Big cards = bl_carre(cands, jokers, tabled, hand, bl_by_suit[BL_SUITS][trump]);
        if (!big_empty(&cards)
            && bl_append(out, BL_PLAIN_CARRE + ranks[i], cards, PyTuple_GET_ITEM(bl_points, BL_PLAIN_CARRE + ranks[i])) < 0)
            goto error;
    }
    return out;
error:
    Py_DECREF(out);
    return NULL;
}

/* A tuple of `n` card sets read into `into`: 0, or -1 with an error set. */
static int
bl_masks(PyObject *masks, Py_ssize_t n, Big *into)
{
    if (!PyTuple_Check(masks) || PyTuple_GET_SIZE(masks) != n) {
        PyErr_Format(PyExc_ValueError, "set_besigue_legal: %zd masks expected", n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (big_of(PyTuple_GET_ITEM(masks, i), &into[i]) < 0) {
            PyErr_SetString(PyExc_ValueError, "set_besigue_legal: a mask is not a set of at most 256 cards");
            return -1;
        }
    return 0;
}

static PyObject *
set_besigue_legal(PyObject *module, PyObject *args)
{
    PyObject *by_suit, *ranks, *copies, *specials, *declaration, *cardset, *names, *points, *pure;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!O!O!O:set_besigue_legal", &PyTuple_Type, &by_suit, &PyTuple_Type, &ranks,
                          &PyTuple_Type, &copies, &PyTuple_Type, &specials, &PyType_Type, &declaration, &PyType_Type,
                          &cardset, &PyTuple_Type, &names, &PyTuple_Type, &points, &pure))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)cardset, &PyLong_Type) || PyTuple_GET_SIZE(names) != BL_KINDS
        || PyTuple_GET_SIZE(points) != BL_KINDS || PyTuple_GET_SIZE(by_suit) != BL_BY_SUIT) {
        PyErr_SetString(PyExc_ValueError, "set_besigue_legal: CardSet an int type, the names and points of 14 kinds");
        return NULL;
    }
    Big special[3];
    for (int i = 0; i < BL_BY_SUIT; i++)
        if (bl_masks(PyTuple_GET_ITEM(by_suit, i), 4, bl_by_suit[i]) < 0)
            return NULL;
    if (bl_masks(ranks, 4, bl_rank) < 0 || bl_masks(specials, 3, special) < 0 || !PyTuple_Check(copies)
        || PyTuple_GET_SIZE(copies) != 4) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "set_besigue_legal: the copies of four ranks");
        return NULL;
    }
    for (int r = 0; r < 4; r++)
        if (bl_masks(PyTuple_GET_ITEM(copies, r), 4, bl_copies[r]) < 0)
            return NULL;
    bl_qs = special[0], bl_jd = special[1], bl_jokers = special[2];
    Py_XSETREF(bl_declaration, Py_NewRef(declaration));
    Py_XSETREF(bl_cardset, Py_NewRef(cardset));
    Py_XSETREF(bl_names, Py_NewRef(names));
    Py_XSETREF(bl_points, Py_NewRef(points));
    Py_XSETREF(bl_pure, Py_NewRef(pure));
    Py_RETURN_NONE;
}

/* Sizette, Quadrette: the compiled path of `action` by its type (a card, the captain's command, the deal, the
 * cut, the vole's decision, the close of C2). 1: played; 0: not the fast case; -1: an error. */
static int
parlante_fast(CardPlayObject *self, PyObject *state, PyObject *action, PyObject *seat)
{
    PyObject *type = (PyObject *)Py_TYPE(action), *he = self->hand_edges;
    if (type == card_type)
        return card_play_fast(self, state, action, seat);
    if (type == self->command_type)
        return command_fast(self, state, action, seat);
    if (he == NULL)
        return 0;
    return type == PyTuple_GET_ITEM(he, HE_DEAL) ? parlante_deal_fast(self, state, action, seat)
           : type == PyTuple_GET_ITEM(he, HE_CUT_TYPE) ? parlante_cut_fast(self, state, action, seat)
           : type == PyTuple_GET_ITEM(he, HE_VOLE_TYPE) ? parlante_vole_fast(self, state, action, seat)
           : type == PyTuple_GET_ITEM(he, HE_CLOSE_TYPE) ? parlante_close_fast(self, state, action, seat) : 0;
}


static PyObject *
card_play_call(CardPlayObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (self->kind >= KIND_WHIST_MOVES) {
        if (kwnames == NULL && nargs == 1) {
            PyObject *cards = self->kind == KIND_PIQUET_MOVES ? piquet_moves_fast(self, args[0])
                              : self->kind == KIND_BESIGUE_MOVES ? besigue_moves_fast(self, args[0])
                              : card_moves_fast(self, args[0]);
            if (cards != NULL || PyErr_Occurred()) {
                self->hits += cards != NULL;
                return cards;
            }
        }
    }
    else if (kwnames == NULL && (nargs == 2 || nargs == 3)) {
        PyObject *seat = nargs == 3 ? args[2] : NULL;
        int played = self->kind == KIND_PIQUET ? (Py_IS_TYPE(args[1], (PyTypeObject *)self->discard_type)
                                                  ? piquet_discard_fast(self, args[0], args[1], seat)
                                                  : Py_IS_TYPE(args[1], (PyTypeObject *)card_type)
                                                  ? piquet_play_fast(self, args[0], args[1], seat)
                                                  : piquet_dialogue_fast(self, args[0], args[1], seat))
                     : self->kind == KIND_BESIGUE ? (args[1] == self->pass_action ? besigue_pass_fast(self, args[0], seat)
                                                    : besigue_play_fast(self, args[0], args[1], seat))
                     : self->kind == KIND_PARLANTE ? parlante_fast(self, args[0], args[1], seat)
                     : card_play_fast(self, args[0], args[1], seat);
        if (played < 0)
            return NULL;
        if (played) {
            self->hits++;
            Py_RETURN_NONE;
        }
    }
    if (self->fallback == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "CardPlay not initialised");
        return NULL;
    }
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

/* A callable read on an instance: bound to it, as a function is (the types that are methods). */
static PyObject *
bound_method(PyObject *self, PyObject *obj, PyObject *type)
{
    if (obj == NULL || obj == Py_None)
        return Py_NewRef(self);
    return PyMethod_New(self, obj);
}

static int
card_play_traverse(CardPlayObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->fields);
    Py_VISIT(self->snapshot);
    Py_VISIT(self->fallback);
    Py_VISIT(self->card_bytes);
    Py_VISIT(self->card_code);
    Py_VISIT(self->follow_suit);
    Py_VISIT(self->cards);
    Py_VISIT(self->card_info);
    Py_VISIT(self->pass_action);
    Py_VISIT(self->drew);
    Py_VISIT(self->trick_record);
    Py_VISIT(self->trick_won);
    Py_VISIT(self->command_type);
    Py_VISIT(self->narrow_code);
    Py_VISIT(self->seat_code);
    Py_VISIT(self->talk_entry);
    Py_VISIT(self->talk_by_id);
    Py_VISIT(self->no_card);
    Py_VISIT(self->hand_edges);
    Py_VISIT(self->close_only);
    Py_VISIT(self->commands_free);
    Py_VISIT(self->commands_extended);
    Py_VISIT(self->discard_type);
    Py_VISIT(self->discards);
    Py_VISIT(self->takes);
    Py_VISIT(self->dialogue);
    Py_VISIT(self->card_commands);
    return 0;
}

static int
card_play_clear(CardPlayObject *self)
{
    Py_CLEAR(self->fields);
    Py_CLEAR(self->snapshot);
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->card_bytes);
    Py_CLEAR(self->card_code);
    Py_CLEAR(self->follow_suit);
    Py_CLEAR(self->cards);
    Py_CLEAR(self->card_info);
    Py_CLEAR(self->pass_action);
    Py_CLEAR(self->drew);
    Py_CLEAR(self->trick_record);
    Py_CLEAR(self->trick_won);
    Py_CLEAR(self->command_type);
    Py_CLEAR(self->narrow_code);
    Py_CLEAR(self->seat_code);
    Py_CLEAR(self->talk_entry);
    Py_CLEAR(self->talk_by_id);
    Py_CLEAR(self->no_card);
    Py_CLEAR(self->hand_edges);
    Py_CLEAR(self->close_only);
    Py_CLEAR(self->commands_free);
    Py_CLEAR(self->commands_extended);
    Py_CLEAR(self->discard_type);
    Py_CLEAR(self->discards);
    Py_CLEAR(self->takes);
    Py_CLEAR(self->dialogue);
    Py_CLEAR(self->card_commands);
    return 0;
}

static void
card_play_dealloc(CardPlayObject *self)
{
    PyObject_GC_UnTrack(self);
    card_play_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
card_play_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    CardPlayObject *self = (CardPlayObject *)type->tp_alloc(type, 0);
    if (self != NULL)
        self->vectorcall = (vectorcallfunc)card_play_call;
    return (PyObject *)self;
}

static PyMemberDef card_play_members[] = {
    {"hits", T_PYSSIZET, offsetof(CardPlayObject, hits), READONLY, "Calls the compiled path answered."},
    {"fallback", T_OBJECT, offsetof(CardPlayObject, fallback), READONLY, "The reference, called for the rest."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject CardPlayType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "atout._speedups.CardPlay",
    .tp_doc = PyDoc_STR("CardPlay(kind, fields, snapshot, fallback, card_bytes, card_code, anchor_mask, consts): "
                        "a state class's apply or moves, a card in a trick listed and played in C (atout.card_play)."),
    .tp_basicsize = sizeof(CardPlayObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_vectorcall_offset = offsetof(CardPlayObject, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_descr_get = bound_method,
    .tp_members = card_play_members,
    .tp_new = card_play_new,
    .tp_init = (initproc)card_play_init,
    .tp_traverse = (traverseproc)card_play_traverse,
    .tp_clear = (inquiry)card_play_clear,
    .tp_dealloc = (destructor)card_play_dealloc,
};

/* ------------------------------------------------------------------------ a viewer's log */

/* log_view(log, viewer, how, hand_start): a LogView of the log as it stands (`atout/log.py`:
 * `pure_log_view` is the reference), its fields set in place. `set_log()` hands over the LogView
 * class and its fields. */

/* Whether the Slots `fields` name exactly `a`, `b`, `c`, `d` (the first NULL ends the list). */
static int
names_are(SlotsObject *fields, const char *a, const char *b, const char *c, const char *d)
{
    const char *wanted[4] = {a, b, c, d};
    Py_ssize_t n = 0;
    while (n < 4 && wanted[n] != NULL)
        n++;
    if (fields->names == NULL || PyTuple_GET_SIZE(fields->names) != n)
        return 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(fields->names, i), wanted[i]) != 0)
            return 0;
    return 1;
}

static SlotsObject *lv_fields;  /* Slots(LogView, ("_parts", "_stop", "viewer", "_how", "hand_start")) */

static PyObject *
set_log(PyObject *module, PyObject *args)
{
    PyObject *type, *fields, *log_fields, *history_fields;
    if (!PyArg_ParseTuple(args, "O!O!O!O!:set_log", &PyType_Type, &type, &SlotsType, &fields, &SlotsType, &log_fields,
                          &SlotsType, &history_fields))
        return NULL;
    if (((SlotsObject *)fields)->owner != (PyTypeObject *)type || PyTuple_GET_SIZE(((SlotsObject *)fields)->names) != 5) {
        PyErr_SetString(PyExc_ValueError, "set_log: the five fields of the LogView class");
        return NULL;
    }
    if (!names_are((SlotsObject *)log_fields, "history", "at", "codes", "side")
        || !names_are((SlotsObject *)history_fields, "codes", "side", NULL, NULL)) {
        PyErr_SetString(PyExc_ValueError, "set_log: a Log's history, at, codes and side; its history's codes and side");
        return NULL;
    }
    Py_XSETREF(lp_log, (SlotsObject *)Py_NewRef(log_fields));
    Py_XSETREF(lp_history, (SlotsObject *)Py_NewRef(history_fields));
    Py_XSETREF(lv_type, (PyTypeObject *)Py_NewRef(type));
    Py_XSETREF(lv_fields, (SlotsObject *)Py_NewRef(fields));
    lv_stop_at = lv_fields->offsets[1];
    lv_start_at = lv_fields->offsets[4];
    Py_RETURN_NONE;
}

/* Objects made again in place. Of a kind of object this module makes at every decision (an observation, its log
 * view), the last few made are kept; one that nothing else holds any more (its reference count is the keeper's
 * one: the caller and the position's JSON let it go) is given the next one's values rather than freed and another
 * allocated. Nobody can see it change. Three: the position's JSON holds the last observation until the next one's
 * JSON is made, and an observation its log view until it is given the next one's. */
#define SPARES 3
typedef struct {
    PyObject *kept[SPARES];   /* the oldest first; or NULL */
} Spares;

/* A kept object of `type` (and of `size` items, when not -1) that nothing else holds, now the newest kept, with a
 * reference for the caller (so that what its refilling frees cannot take it again); or NULL. */
static PyObject *
spare_taken(Spares *spares, PyTypeObject *type, Py_ssize_t size)
{
    for (int i = 0; i < SPARES; i++) {
        PyObject *o = spares->kept[i];
        if (o != NULL && Py_REFCNT(o) == 1 && Py_IS_TYPE(o, type) && (size < 0 || Py_SIZE(o) == size)) {
            for (int j = i; j < SPARES - 1; j++)
                spares->kept[j] = spares->kept[j + 1];
            spares->kept[SPARES - 1] = o;
            return Py_NewRef(o);
        }
    }
    return NULL;
}

/* `made` (new) kept as the newest, the oldest let go. */
static void
spare_keep(Spares *spares, PyObject *made)
{
    PyObject *oldest = spares->kept[0];
    for (int j = 0; j < SPARES - 1; j++)
        spares->kept[j] = spares->kept[j + 1];
    spares->kept[SPARES - 1] = Py_NewRef(made);
    Py_XDECREF(oldest);
}

static Spares lv_spares;         /* log views */
static PyObject *lv_last_parts;  /* the last log view's parts */

static PyObject *
make_log_view(PyObject *log, PyObject *viewer, PyObject *how, PyObject *hand_start)
{
    if (lv_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups: set_log() first");
        return NULL;
    }
    PyObject *parts = NULL, *stop = NULL, *view = NULL, *part[LP_COUNT] = {NULL};
    Py_ssize_t actions, events;
    if (log_parts(log, part) < 0 || (actions = PyObject_Size(part[0])) < 0 || (events = PyObject_Size(part[2])) < 0
        || (stop = PyLong_FromSsize_t(actions + events)) == NULL)
        goto done;
    int same = lv_last_parts != NULL;   /* the same log's parts: the same tuple of them */
    for (int i = 0; same && i < LP_COUNT; i++)
        same = PyTuple_GET_ITEM(lv_last_parts, i) == part[i];
    if (same)
        parts = Py_NewRef(lv_last_parts);
    else if ((parts = PyTuple_Pack(5, part[0], part[1], part[2], part[3], part[4])) == NULL)
        goto done;
    else
        Py_XSETREF(lv_last_parts, Py_NewRef(parts));
    if ((view = spare_taken(&lv_spares, lv_type, -1)) == NULL) {
        if ((view = lv_type->tp_alloc(lv_type, 0)) == NULL)
            goto done;
        spare_keep(&lv_spares, view);
    }
    PyObject *values[5] = {parts, stop, viewer, how, hand_start};
    if (set_fields(lv_fields, view, values) < 0)
        Py_CLEAR(view);
done:
    for (int i = 0; i < LP_COUNT; i++)
        Py_XDECREF(part[i]);
    Py_XDECREF(parts);
    Py_XDECREF(stop);
    return view;
}

static PyObject *
log_view(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "log_view(log, viewer, how, hand_start)");
        return NULL;
    }
    return make_log_view(args[0], args[1], args[2], args[3]);
}

/* ------------------------------------------------------------------------------------ Method */

/* Method(function): `function(obj, ...)` as a method of a class, a method descriptor (as a function is): read
 * on an instance it is bound to it, and `obj.name(...)` calls `function(obj, ...)` by vectorcall with no bound
 * method made (a state class's compiled `observation`: atout.compiled.install_method). */

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *function;
} MethodObject;

static PyObject *
method_call(MethodObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    return PyObject_Vectorcall(self->function, args, nargsf, kwnames);
}

/* A new object of `type` that begins as a MethodObject: its one argument (read by `format`) held, called by `call`. */
static PyObject *
holder_new(PyTypeObject *type, PyObject *args, PyObject *kwds, const char *format, vectorcallfunc call)
{
    PyObject *function;
    if ((kwds != NULL && PyDict_GET_SIZE(kwds)) || !PyArg_ParseTuple(args, format, &function))
        return NULL;
    MethodObject *self = (MethodObject *)type->tp_alloc(type, 0);
    if (self != NULL) {
        self->vectorcall = call;
        self->function = Py_NewRef(function);
    }
    return (PyObject *)self;
}

static PyObject *
method_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    if (PyTuple_GET_SIZE(args) == 1 && !PyCallable_Check(PyTuple_GET_ITEM(args, 0))) {
        PyErr_SetString(PyExc_TypeError, "Method takes a callable");
        return NULL;
    }
    return holder_new(type, args, kwds, "O:Method", (vectorcallfunc)method_call);
}

static int
method_traverse(MethodObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->function);
    return 0;
}

static int
method_clear(MethodObject *self)
{
    Py_CLEAR(self->function);
    return 0;
}

/* The dealloc of a type that begins as a MethodObject (its tp_clear clears the rest). */
static void
holder_dealloc(PyObject *self)
{
    PyObject_GC_UnTrack(self);
    Py_TYPE(self)->tp_clear(self);
    Py_TYPE(self)->tp_free(self);
}

static PyMemberDef method_members[] = {
    {"function", T_OBJECT, offsetof(MethodObject, function), READONLY, "The function called."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject MethodType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "atout._speedups.Method",
    .tp_doc = PyDoc_STR("Method(function): function(obj, ...) as a method, called with no bound method made."),
    .tp_basicsize = sizeof(MethodObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_vectorcall_offset = offsetof(MethodObject, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_descr_get = bound_method,
    .tp_members = method_members,
    .tp_new = method_new,
    .tp_traverse = (traverseproc)method_traverse,
    .tp_clear = (inquiry)method_clear,
    .tp_dealloc = holder_dealloc,
};

/* ------------------------------------------------------------------------------------ GrowingJSON */

/* GrowingJSON(make): the JSON list of a tuple that grows by appending (atout.game.PureGrowingJSON is the
 * reference): when the tuple asked begins with the last one made (the very same objects), the last list
 * copied and only the items added made, each by frozen_json(item, make). */

typedef struct {
    MethodObject held;   /* its function: make */
    PyObject *done;      /* the last tuple, or NULL */
    PyObject *made;      /* its list */
} GrowingObject;

static PyTypeObject KeptType;   /* below */

/* frozen_json(item, make) of the items of `items` from `start` appended to `out` (make(item) when make keeps what
 * it makes itself, a KeptJSON, or when `direct`: an item just added, met for the first time); -1 with an error. */
static int
grow_items(GrowingObject *self, PyObject *out, PyObject *items, Py_ssize_t start, int direct)
{
    PyObject *make = self->held.function;
    int keeps = direct || Py_IS_TYPE(make, &KeptType);
    for (Py_ssize_t i = start; i < PySequence_Fast_GET_SIZE(items); i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(items, i);
        PyObject *made = keeps ? PyObject_CallOneArg(make, item) : frozen_made(item, make);
        int failed = made == NULL || PyList_Append(out, made) < 0;
        Py_XDECREF(made);
        if (failed)
            return -1;
    }
    return 0;
}

static PyObject *
growing_call(GrowingObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    if ((kwnames != NULL && PyTuple_GET_SIZE(kwnames)) || PyVectorcall_NARGS(nargsf) != 1) {
        PyErr_SetString(PyExc_TypeError, "GrowingJSON takes one tuple");
        return NULL;
    }
    if (frozen_table == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups is not configured");
        return NULL;
    }
    PyObject *items = args[0];
    if (self->done == items)
        return Py_NewRef(self->made);
    PyObject *seq = PySequence_Fast(items, "GrowingJSON takes a tuple");
    if (seq == NULL)
        return NULL;
    /* what this call reads, held: make runs Python, which may call this object */
    PyObject *done = Py_XNewRef(self->done), *made = Py_XNewRef(self->made), *out = NULL;
    Py_ssize_t k = done == NULL ? 0 : PyTuple_GET_SIZE(done), n = PySequence_Fast_GET_SIZE(seq), start = 0;
    int grows = k > 0 && k <= n;
    for (Py_ssize_t i = k - 1; grows && i >= 0; i--)   /* the last one first: the commonest difference */
        grows = PySequence_Fast_GET_ITEM(seq, i) == PyTuple_GET_ITEM(done, i);
    if (grows) {
        out = PyList_GetSlice(made, 0, PyList_GET_SIZE(made));
        start = k;
    }
    else
        out = PyList_New(0);
    if (out == NULL || grow_items(self, out, seq, start, 0) < 0) {
        Py_CLEAR(out);
        goto done;
    }
    if (PyTuple_CheckExact(items)) {   /* kept: a tuple stays what it is */
        Py_XSETREF(self->done, Py_NewRef(items));
        Py_XSETREF(self->made, Py_NewRef(out));
    }
done:
    Py_DECREF(seq);
    Py_XDECREF(done);
    Py_XDECREF(made);
    return out;
}

static PyObject *
growing_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    return holder_new(type, args, kwds, "O:GrowingJSON", (vectorcallfunc)growing_call);
}

static int
growing_traverse(GrowingObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->done);
    Py_VISIT(self->made);
    return method_traverse(&self->held, visit, arg);
}

static int
growing_clear(GrowingObject *self)
{
    Py_CLEAR(self->done);
    Py_CLEAR(self->made);
    return method_clear(&self->held);
}

static PyTypeObject GrowingType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "atout._speedups.GrowingJSON",
    .tp_doc = PyDoc_STR("GrowingJSON(make): the JSON list of a tuple that grows by appending (atout.game.PureGrowingJSON)."),
    .tp_basicsize = sizeof(GrowingObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_vectorcall_offset = offsetof(GrowingObject, held.vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_new = growing_new,
    .tp_traverse = (traverseproc)growing_traverse,
    .tp_clear = (inquiry)growing_clear,
    .tp_dealloc = holder_dealloc,
};

/* ------------------------------------------------------------------------------------ RecentJSON */

/* RecentJSON(make, size): make(value), kept for the last `size` values met, by identity (each held while it is
 * kept, so that its address stays its own): a value met again in the next positions (a seat's discard, a row of
 * points that did not change, a class of the dialogue that stands) gives its JSON again, read only, with no table
 * look-up. atout.game.PureRecentJSON is the reference. */

#define RECENT_MAX 16

typedef struct {
    MethodObject held;   /* its function: make */
    Py_ssize_t size, next;   /* the values kept, and the slot the next one made takes */
    PyObject *values[RECENT_MAX], *made[RECENT_MAX];
} RecentObject;

static PyObject *
recent_call(RecentObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    if ((kwnames != NULL && PyTuple_GET_SIZE(kwnames)) || PyVectorcall_NARGS(nargsf) != 1) {
        PyErr_SetString(PyExc_TypeError, "RecentJSON takes one value");
        return NULL;
    }
    PyObject *value = args[0];
    if (value == Py_None)   /* None is its own JSON, never made */
        return Py_NewRef(Py_None);
    for (Py_ssize_t i = 0; i < self->size; i++)
        if (self->values[i] == value)
            return Py_NewRef(self->made[i]);
    PyObject *made = PyObject_CallOneArg(self->held.function, value);
    if (made == NULL)
        return NULL;
    Py_ssize_t at = self->next;   /* read after the call: make may have called this object */
    self->next = (at + 1) % self->size;
    PyObject *was_value = self->values[at], *was_made = self->made[at];
    self->values[at] = Py_NewRef(value);
    self->made[at] = Py_NewRef(made);
    Py_XDECREF(was_value);
    Py_XDECREF(was_made);
    return made;
}

static PyObject *
recent_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    PyObject *make;
    Py_ssize_t size;
    if (kwds != NULL && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "RecentJSON(make, size) takes no keywords");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "On:RecentJSON", &make, &size))
        return NULL;
    if (!PyCallable_Check(make) || size < 1 || size > RECENT_MAX) {
        PyErr_Format(PyExc_ValueError, "RecentJSON(make, size): a callable and a size from 1 to %d", RECENT_MAX);
        return NULL;
    }
    RecentObject *self = (RecentObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->held.vectorcall = (vectorcallfunc)recent_call;
    self->held.function = Py_NewRef(make);
    self->size = size;
    return (PyObject *)self;
}

static int
recent_traverse(RecentObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->held.function);
    for (Py_ssize_t i = 0; i < self->size; i++) {
        Py_VISIT(self->values[i]);
        Py_VISIT(self->made[i]);
    }
    return 0;
}

static int
recent_clear(RecentObject *self)
{
    Py_CLEAR(self->held.function);
    for (Py_ssize_t i = 0; i < self->size; i++) {
        Py_CLEAR(self->values[i]);
        Py_CLEAR(self->made[i]);
    }
    return 0;
}

static PyTypeObject RecentType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "atout._speedups.RecentJSON",
    .tp_doc = PyDoc_STR("RecentJSON(make, size): make(value), kept for the last size values met, by identity "
                        "(atout.game.PureRecentJSON)."),
    .tp_basicsize = sizeof(RecentObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_vectorcall_offset = offsetof(RecentObject, held.vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_new = recent_new,
    .tp_traverse = (traverseproc)recent_traverse,
    .tp_clear = (inquiry)recent_clear,
    .tp_dealloc = holder_dealloc,
};

/* ------------------------------------------------------------------------------------ KeptJSON */

/* KeptJSON(make, keeps, limit): make(value), kept per object in a table of its own (the value, held, which keeps
 * its address its own, and what was made of it) when keeps(value) says so, the table emptied when it holds `limit`:
 * for values met again from one partie to the next, the engine's own objects (an action listed, a talk entry
 * interned). A value found costs no Python call, and no int made of its address: the table is open addressing by
 * address (as the action codes' is), of a power-of-two size at least twice what it holds. atout.game.
 * pure_kept_per_object is the reference. */

typedef struct {
    MethodObject held;   /* its function: make */
    PyObject *keeps;     /* keeps(value): whether what is made of value is kept */
    AddressSlot *slots;  /* the table (each value, held, and what was made of it), or NULL while empty */
    Py_ssize_t size, used, limit;
} KeptObject;

#define KEPT_MIN 64

/* The table emptied (what it held let go last: letting go may run Python, which may call this object). */
static void
kept_forget(KeptObject *self)
{
    AddressSlot *slots = self->slots;
    Py_ssize_t size = self->size;
    self->slots = NULL;
    self->size = self->used = 0;
    address_slots_free(slots, size);
}

/* Room for one more value: 0, or -1 with an error. */
static int
kept_room(KeptObject *self)
{
    if (self->used >= self->limit)
        kept_forget(self);
    if (self->slots != NULL && self->used < self->size / 2)
        return 0;
    if (address_slots_grow(&self->slots, &self->size, KEPT_MIN, PY_SSIZE_T_MAX / (Py_ssize_t)sizeof(AddressSlot)) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static PyObject *
kept_call(KeptObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    if ((kwnames != NULL && PyTuple_GET_SIZE(kwnames)) || PyVectorcall_NARGS(nargsf) != 1) {
        PyErr_SetString(PyExc_TypeError, "KeptJSON takes one value");
        return NULL;
    }
    if (self->keeps == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "KeptJSON cleared");
        return NULL;
    }
    PyObject *value = args[0];
    if (self->slots != NULL) {
        AddressSlot *slot = &self->slots[address_slot_in(self->slots, self->size, value)];
        if (slot->key == value)
            return Py_NewRef(slot->value);
    }
    /* held: make and keeps run Python, which may call this object, or clear it */
    Py_INCREF(self);
    PyObject *keeps = Py_NewRef(self->keeps), *made = PyObject_CallOneArg(self->held.function, value), *says = NULL;
    int keep = made == NULL ? -1 : (says = PyObject_CallOneArg(keeps, value)) == NULL ? -1 : PyObject_IsTrue(says);
    Py_XDECREF(says);
    if (keep > 0 && self->keeps != NULL && kept_room(self) == 0) {
        AddressSlot *slot = &self->slots[address_slot_in(self->slots, self->size, value)];
        if (slot->key == NULL) {   /* not kept meanwhile by a call within */
            slot->key = Py_NewRef(value);
            slot->value = Py_NewRef(made);
            self->used++;
        }
    }
    else if (keep > 0 && PyErr_Occurred())
        keep = -1;
    if (keep < 0)
        Py_CLEAR(made);
    Py_DECREF(keeps);
    Py_DECREF(self);
    return made;
}

static PyObject *
kept_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    PyObject *make, *keeps;
    Py_ssize_t limit;
    if (kwds != NULL && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "KeptJSON(make, keeps, limit) takes no keywords");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOn:KeptJSON", &make, &keeps, &limit))
        return NULL;
    if (!PyCallable_Check(make) || !PyCallable_Check(keeps) || limit < 1) {
        PyErr_SetString(PyExc_ValueError, "KeptJSON(make, keeps, limit): two callables and a limit of at least 1");
        return NULL;
    }
    KeptObject *self = (KeptObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->held.vectorcall = (vectorcallfunc)kept_call;
    self->held.function = Py_NewRef(make);
    self->keeps = Py_NewRef(keeps);
    self->limit = limit;
    return (PyObject *)self;
}

static int
kept_traverse(KeptObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->keeps);
    for (Py_ssize_t i = 0; i < self->size; i++) {
        Py_VISIT(self->slots[i].key);
        Py_VISIT(self->slots[i].value);
    }
    return method_traverse(&self->held, visit, arg);
}

static int
kept_clear(KeptObject *self)
{
    Py_CLEAR(self->keeps);
    kept_forget(self);
    return method_clear(&self->held);
}

static PyTypeObject KeptType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "atout._speedups.KeptJSON",
    .tp_doc = PyDoc_STR("KeptJSON(make, keeps, limit): make(value), kept per object when keeps(value) "
                        "(atout.game.pure_kept_per_object)."),
    .tp_basicsize = sizeof(KeptObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_vectorcall_offset = offsetof(KeptObject, held.vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_new = kept_new,
    .tp_traverse = (traverseproc)kept_traverse,
    .tp_clear = (inquiry)kept_clear,
    .tp_dealloc = holder_dealloc,
};

/* ------------------------------------------------------------------------------------ PositionJSON */

/* A position's whole JSON: the common keys (as common_json), then a game's own parts, each a field of
 * the observation (by its index, or by its index and the index of a field of the record it holds: a
 * Piquet table's, a Whist sheet's) with its key and the function that makes its JSON (None: the value
 * as it is). The reference is `atout.game.PurePositionJSON`.
 *
 * The last observation and its JSON are kept: a new observation of the same class is the last one's
 * JSON with only the keys of the fields that are not the very same objects made again (a hand: the same
 * cards; the log: its length and start always). From one seat's position to another's, or to the next,
 * that is the seat, its hand and what it may do, the trick, and what the last action changed. The keys
 * are set in the kept dict itself when nobody else holds it (the caller dropped it), else in a copy.
 * The caller gets the JSON kept: under Python 3.11 the dict's version tag (PEP 509) tells whether the
 * caller changed it since (then the next JSON is made whole); later Pythons deprecate that tag, and the
 * caller gets a copy instead.
 *
 * It is a method descriptor (as a function is): an observation class's `to_json`, called with the
 * observation and no bound method made. */

/* A key's list made again in place. A list of the kept JSON that nothing else holds (the caller dropped the
 * JSON, and kept none of its lists) is given its new items rather than made anew and freed: no list allocated,
 * none freed, no key set. What a list holds is said by its kind: the codes of a set of cards (a hand, the cards
 * played: card_codes), the items of a tuple (list), the plays of a trick (trick_json); or the JSON of a tuple that
 * grows (a GrowingJSON's: a hand's tricks, its talk), given only the JSON of the items added, the others untouched;
 * or a short listing's codes (legal_json lists a short one anew each time, a long one is kept per seat). */
enum { REFILL_NONE, REFILL_CODES, REFILL_ITEMS, REFILL_TRICK, REFILL_GROW, REFILL_LEGAL };
#define REFILL_MAX 64   /* longer lists are made anew */

/* `list` made to hold the `n` new references of `made` (taken), in place: 0, or -1 with an error. */
static int
list_refill(PyObject *list, PyObject **made, Py_ssize_t n)
{
    Py_ssize_t old = PyList_GET_SIZE(list), i = 0;
    for (; i < n && i < old; i++) {   /* each item replaced whole before the one it replaces is let go */
        PyObject *was = PyList_GET_ITEM(list, i);
        PyList_SET_ITEM(list, i, made[i]);
        Py_DECREF(was);
    }
    if (n < old)
        return PyList_SetSlice(list, n, old, NULL);
    for (; i < n; i++) {
        int failed = PyList_Append(list, made[i]);
        Py_DECREF(made[i]);
        if (failed) {
            while (++i < n)
                Py_DECREF(made[i]);
            return -1;
        }
    }
    return 0;
}

/* A GrowingJSON's list at a key of a position's JSON given the JSON of the items of `value` past those of `was`
 * (the tuple it was made of, the same objects first): 1; 0 when `value` does not grow `was` or the list is not
 * its JSON; -1 with an error. The GrowingJSON lets go of the list it made, which the position's JSON then holds
 * alone. */
static int
grow_in_place(GrowingObject *grow, PyObject *list, PyObject *value, PyObject *was)
{
    if (was == NULL || !PyTuple_CheckExact(value) || !PyTuple_CheckExact(was))
        return 0;
    Py_ssize_t k = PyTuple_GET_SIZE(was);
    if (k > PyTuple_GET_SIZE(value) || PyList_GET_SIZE(list) != k)
        return 0;
    for (Py_ssize_t i = k - 1; i >= 0; i--)   /* the last one first: the commonest difference */
        if (PyTuple_GET_ITEM(value, i) != PyTuple_GET_ITEM(was, i))
            return 0;
    if (Py_REFCNT(list) == 2 && grow->made == list) {   /* the GrowingJSON's last list: the position's alone now */
        Py_CLEAR(grow->done);
        Py_CLEAR(grow->made);
    }
    if (Py_REFCNT(list) != 1)
        return 0;
    return grow_items(grow, list, value, k, 1) < 0 ? -1 : 1;   /* new items: made, not looked up */
}

/* The JSON of `value` (of kind `kind`) at `key` of `out` made in the list already there when nothing else holds it
 * (a growing list: `make`, the GrowingJSON, and `was`, the value it was made of): 1; 0 when it is not that case (the
 * caller makes it anew: another kind of value, a list held elsewhere, a long one); -1 with an error. `*known` is
 * that list when the last call found it (out[key] unchanged since: else NULL), and is left so (NULL unless 1). */
static int
refill(PyObject *out, PyObject *key, int kind, PyObject *value, PyObject **known, PyObject *make, PyObject *was)
{
    PyObject *list = *known;   /* the list last refilled at `key` of `out`, when known */
    *known = NULL;
    if (kind == REFILL_NONE)
        return 0;
    if (list == NULL && (list = PyDict_GetItemWithError(out, key)) == NULL)
        return PyErr_Occurred() ? -1 : 0;
    if (!PyList_CheckExact(list))
        return 0;
    if (kind == REFILL_GROW) {
        int grown = grow_in_place((GrowingObject *)make, list, value, was);
        if (grown > 0)
            *known = list;
        return grown;
    }
    if (Py_REFCNT(list) != 1)
        return 0;
    PyObject *made[REFILL_MAX];
    Py_ssize_t n = 0;
    if (kind == REFILL_CODES) {
        unsigned long long bits;
        if (!PyLong_Check(value) || !u64_of(value, &bits))
            return 0;
        if (low_items(codes_table, bits, made) < 0) {
            PyErr_Clear();   /* the maker says what is wrong */
            return 0;
        }
        n = __builtin_popcountll(bits);
    }
    else if (kind == REFILL_LEGAL) {
        if (!PyTuple_CheckExact(value) || PyTuple_GET_SIZE(value) == 0 || PyTuple_GET_SIZE(value) >= LEGAL_LONG)
            return 0;
        for (; n < PyTuple_GET_SIZE(value); n++) {
            PyObject *action = PyTuple_GET_ITEM(value, n);
            PyObject *code = Py_TYPE(action) == (PyTypeObject *)card_type ? card_code_of(action) : action_code(action);
            if (code == NULL) {   /* not a card's id, or no code yet: legal_json says or makes it */
                PyErr_Clear();
                while (n)
                    Py_DECREF(made[--n]);
                return 0;
            }
            made[n] = Py_NewRef(code);
        }
    }
    else {
        if (!PyTuple_Check(value) || PyTuple_GET_SIZE(value) > REFILL_MAX)
            return 0;
        for (; n < PyTuple_GET_SIZE(value); n++) {
            PyObject *item = PyTuple_GET_ITEM(value, n);
            if ((made[n] = kind == REFILL_ITEMS ? Py_NewRef(item) : trick_play(item)) == NULL) {
                PyErr_Clear();   /* the maker says what is wrong */
                while (n)
                    Py_DECREF(made[--n]);
                return 0;
            }
        }
    }
    if (list_refill(list, made, n) < 0)
        return -1;
    *known = list;
    return 1;
}

#if PY_VERSION_HEX < 0x030C0000
#define PJ_TAGGED 1
#define PJ_TAG(dict) (((PyDictObject *)(dict))->ma_version_tag)
#else
#define PJ_TAGGED 0
#endif

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    Py_ssize_t parts;
    Py_ssize_t *field;  /* each part's field */
    Py_ssize_t *sub;    /* and the field of the record held there, or -1 */
    int *refill;        /* the kind of its list made again in place (refill), from its maker */
    Py_ssize_t reach;   /* the fields an observation must have */
    PyObject *keys;     /* tuple: each part's key */
    PyObject *makers;   /* tuple: each part's maker, or None */
    PyObject *last;     /* the last observation, or NULL */
    PyObject *made;     /* its JSON, kept whole */
    PyObject **lists;   /* the lists of `made` last refilled: the common keys' (by field), then the parts'; or NULL */
    int busy;           /* a call is making a JSON (a maker may call this object again: that call keeps no list) */
#if PJ_TAGGED
    uint64_t tag;       /* its version tag when made */
#endif
} PositionJSONObject;

#define PJ_INDICES 32768   /* a part's indices are below */

/* A part's index: an int below PJ_INDICES, or -1. */
static Py_ssize_t
part_index(PyObject *index)
{
    if (!PyLong_CheckExact(index))
        return -1;
    Py_ssize_t at = PyLong_AsSsize_t(index);
    if (at == -1 && PyErr_Occurred())
        PyErr_Clear();
    return at >= 0 && at < PJ_INDICES ? at : -1;
}

static void
pj_forget(PositionJSONObject *self)
{
    Py_CLEAR(self->last);
    Py_CLEAR(self->made);
}

static int
pj_init(PositionJSONObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *parts;
    if (!PyArg_ParseTuple(args, "O:PositionJSON", &parts))
        return -1;
    if (self->keys != NULL) {   /* its parts are read while a maker runs: never changed */
        PyErr_SetString(PyExc_TypeError, "a PositionJSON is made once");
        return -1;
    }
    PyObject *items = PySequence_Tuple(parts);
    if (items == NULL)
        return -1;
    Py_ssize_t n = PyTuple_GET_SIZE(items), reach = OBS_COMMON;
    Py_ssize_t *field = PyMem_Malloc(sizeof(Py_ssize_t) * (n ? n : 1)), *sub = PyMem_Malloc(sizeof(Py_ssize_t) * (n ? n : 1));
    int *kinds = PyMem_Malloc(sizeof(int) * (n ? n : 1));
    PyObject **lists = PyMem_Calloc((size_t)(OBS_COMMON + n), sizeof(PyObject *));
    PyObject *keys = PyTuple_New(n), *makers = PyTuple_New(n);
    if (field == NULL || sub == NULL || kinds == NULL || lists == NULL || keys == NULL || makers == NULL) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *part = PyTuple_GET_ITEM(items, i);
        if (!PyTuple_Check(part) || PyTuple_GET_SIZE(part) != 3) {
            PyErr_SetString(PyExc_TypeError, "PositionJSON takes (field, key, maker) parts");
            goto fail;
        }
        PyObject *where = PyTuple_GET_ITEM(part, 0), *key = PyTuple_GET_ITEM(part, 1), *make = PyTuple_GET_ITEM(part, 2);
        PyObject *top = where, *inner = NULL;
        if (PyTuple_Check(where) && PyTuple_GET_SIZE(where) == 2) {
            top = PyTuple_GET_ITEM(where, 0);
            inner = PyTuple_GET_ITEM(where, 1);
        }
        field[i] = part_index(top);
        sub[i] = inner == NULL ? 0 : part_index(inner);
        if (field[i] < OBS_COMMON || sub[i] < 0) {
            PyErr_Format(PyExc_ValueError, "a part's field is an index past the %d common ones, or such an index "
                         "and the index of a field of the record there (below %d)", OBS_COMMON, PJ_INDICES);
            goto fail;
        }
        if (inner == NULL)
            sub[i] = -1;
        if (!PyUnicode_Check(key)) {
            PyErr_SetString(PyExc_TypeError, "a part's key is a str");
            goto fail;
        }
        if (field[i] + 1 > reach)
            reach = field[i] + 1;
        kinds[i] = make == (PyObject *)&PyList_Type ? REFILL_ITEMS
                   : PyCFunction_Check(make) && PyCFunction_GET_FUNCTION(make) == (PyCFunction)card_codes ? REFILL_CODES
                   : Py_IS_TYPE(make, &GrowingType) ? REFILL_GROW
                   : REFILL_NONE;
        PyTuple_SET_ITEM(keys, i, Py_NewRef(key));
        PyTuple_SET_ITEM(makers, i, Py_NewRef(make));
    }
    Py_DECREF(items);
    self->field = field;
    self->sub = sub;
    self->refill = kinds;
    self->lists = lists;
    self->parts = n;
    self->reach = reach;
    self->keys = keys;
    self->makers = makers;
    return 0;
fail:
    PyMem_Free(field);
    PyMem_Free(sub);
    PyMem_Free(kinds);
    PyMem_Free(lists);
    Py_XDECREF(keys);
    Py_XDECREF(makers);
    Py_DECREF(items);
    return -1;
}

/* Part i's value in `obs` (borrowed), or NULL with an error (a record that is not one). */
static PyObject *
part_value(PositionJSONObject *self, PyObject *obs, Py_ssize_t i)
{
    PyObject *value = PyTuple_GET_ITEM(obs, self->field[i]);
    Py_ssize_t sub = self->sub[i];
    if (sub < 0)
        return value;
    if (!PyTuple_Check(value) || sub >= PyTuple_GET_SIZE(value)) {
        PyErr_Format(PyExc_ValueError, "the observation's field %zd holds no record with a field %zd", self->field[i], sub);
        return NULL;
    }
    return PyTuple_GET_ITEM(value, sub);
}

/* Part i's key and JSON into `out`. */
static int
put_part(PositionJSONObject *self, PyObject *out, Py_ssize_t i, PyObject *value)
{
    PyObject *make = PyTuple_GET_ITEM(self->makers, i);
    return put(out, PyTuple_GET_ITEM(self->keys, i), make == Py_None ? Py_NewRef(value) : PyObject_CallOneArg(make, value));
}

/* Whether the common field `i` of `obs` shows as it did in `last` (the same object; a hand, the same cards). */
static int
same_common(PyObject *obs, PyObject *last, int i)
{
    PyObject *a = PyTuple_GET_ITEM(obs, i), *b = PyTuple_GET_ITEM(last, i);
    if (a == b)
        return 1;
    if (i != O_HAND || !PyLong_Check(a) || !PyLong_Check(b) || Py_TYPE(a) != Py_TYPE(b))
        return 0;
    int ok = 1;
    unsigned long long x = mask_of(a, &ok), y = ok ? mask_of(b, &ok) : 0;
    if (!ok) {
        PyErr_Clear();
        return 0;
    }
    return x == y;
}

static PyObject *
pj_call(PositionJSONObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    if ((kwnames != NULL && PyTuple_GET_SIZE(kwnames)) || PyVectorcall_NARGS(nargsf) != 1) {
        PyErr_SetString(PyExc_TypeError, "PositionJSON takes one observation");
        return NULL;
    }
    if (self->keys == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "PositionJSON not initialised");
        return NULL;
    }
    PyObject *obs = args[0];
    if (!PyTuple_Check(obs)) {
        PyErr_Format(PyExc_TypeError, "PositionJSON takes an observation (a tuple), not %.100s", Py_TYPE(obs)->tp_name);
        return NULL;
    }
    Py_ssize_t size = PyTuple_GET_SIZE(obs);
    if (size < self->reach) {
        PyErr_Format(PyExc_ValueError, "an observation of %zd fields has no field %zd", size, self->reach - 1);
        return NULL;
    }
    /* what this call reads, held: a maker may run other Python code, which may call this object */
    Py_INCREF(self);
    PyObject *last = NULL, *kept = NULL, *out = NULL;
    int by_index = indexed(obs);   /* the common fields read by index: the JSON may be kept */
    if (by_index && self->last != NULL && Py_IS_TYPE(self->last, Py_TYPE(obs)) && PyTuple_GET_SIZE(self->last) == size
#if PJ_TAGGED
        && PJ_TAG(self->made) == self->tag   /* not changed by the caller since */
#endif
        ) {
        last = Py_NewRef(self->last);
        if (Py_REFCNT(self->made) == 1) {   /* nobody else holds it: made again in place */
            out = self->made;
            self->made = NULL;
            Py_CLEAR(self->last);
        }
        else
            kept = Py_NewRef(self->made);
    }
    int outer = !self->busy;   /* a call within a maker's (of this object) knows no list */
    self->busy = 1;
    if (out == NULL && outer)   /* made whole or copied: its lists not known */
        memset(self->lists, 0, sizeof(PyObject *) * (size_t)(OBS_COMMON + self->parts));
    if (last == NULL) {   /* made whole */
        if ((out = common_dict(obs, OBS_COMMON + 1 + self->parts)) == NULL)
            goto done;
        for (Py_ssize_t i = 0; i < self->parts; i++) {
            PyObject *value = part_value(self, obs, i);
            if (value == NULL || put_part(self, out, i, value) < 0)
                goto fail;
        }
    }
    else {
        if (out == NULL && (out = PyDict_Copy(kept)) == NULL)
            goto done;
        int failed = 0;
        if (!same_common(obs, last, O_OPTIONS) || !same_common(obs, last, O_SIDES)) {
            PyObject *table = table_pair(PyTuple_GET_ITEM(obs, O_OPTIONS), PyTuple_GET_ITEM(obs, O_SIDES));
            failed = table == NULL || PyDict_SetItem(out, k_options, PyTuple_GET_ITEM(table, 0)) < 0
                || PyDict_SetItem(out, k_sides, PyTuple_GET_ITEM(table, 1)) < 0;
            Py_XDECREF(table);
        }
        static const struct { int field; maker make; int refill; } common[] = {
            {O_GAME, as_is, REFILL_NONE}, {O_SEAT, as_is, REFILL_NONE}, {O_NUM_SEATS, as_is, REFILL_NONE},
            {O_PHASE, as_is, REFILL_NONE}, {O_TO_MOVE, mover, REFILL_NONE}, {O_HAND, hand_json, REFILL_CODES},
            {O_HAND_SIZES, PySequence_List, REFILL_ITEMS}, {O_TRUMP, trump_json, REFILL_NONE},
            {O_TRICK, trick_or_empty, REFILL_TRICK}, {O_SCORES, PySequence_List, REFILL_ITEMS},
            {O_OUTCOME, outcome_or_none, REFILL_NONE}};
        for (size_t c = 0; !failed && c < sizeof common / sizeof common[0]; c++) {
            int i = common[c].field;
            if (same_common(obs, last, i))
                continue;
            PyObject *value = PyTuple_GET_ITEM(obs, i);
            PyObject *none = NULL;
            int done = refill(out, common_names[i], common[c].refill, value, outer ? &self->lists[i] : &none, NULL, NULL);
            failed = done < 0 || (!done && put(out, common_names[i], common[c].make(value)) < 0);
        }
        if (!failed && !same_common(obs, last, O_LEGAL)) {
            PyObject *none = NULL;
            int done = refill(out, common_names[O_LEGAL], REFILL_LEGAL, PyTuple_GET_ITEM(obs, O_LEGAL),
                              outer ? &self->lists[O_LEGAL] : &none, NULL, NULL);
            failed = done < 0 || (!done && put(out, common_names[O_LEGAL],
                                               legal_json(PyTuple_GET_ITEM(obs, O_SEAT), PyTuple_GET_ITEM(obs, O_LEGAL))) < 0);
        }
        if (failed || put_log(out, PyTuple_GET_ITEM(obs, O_LOG)) < 0)
            goto fail;
        for (Py_ssize_t i = 0; i < self->parts; i++) {
            Py_ssize_t field = self->field[i];
            if (PyTuple_GET_ITEM(obs, field) == PyTuple_GET_ITEM(last, field))
                continue;   /* the same field, or the same record */
            PyObject *value = part_value(self, obs, i), *was = part_value(self, last, i);
            if (value == NULL || was == NULL)
                goto fail;
            if (value == was)
                continue;
            PyObject *none = NULL;
            int done = refill(out, PyTuple_GET_ITEM(self->keys, i), self->refill[i], value,
                              outer ? &self->lists[OBS_COMMON + i] : &none, PyTuple_GET_ITEM(self->makers, i), was);
            if (done < 0 || (!done && put_part(self, out, i, value) < 0))
                goto fail;
        }
    }
    if (by_index) {
        Py_XSETREF(self->last, Py_NewRef(obs));
        Py_XSETREF(self->made, Py_NewRef(out));
#if PJ_TAGGED
        self->tag = PJ_TAG(out);
#endif
    }
#if !PJ_TAGGED
    Py_SETREF(out, PyDict_Copy(out));
#endif
    goto done;
fail:
    Py_CLEAR(out);
done:
    if (outer)
        self->busy = 0;
    Py_DECREF(self);
    Py_XDECREF(last);
    Py_XDECREF(kept);
    return out;
}

static int
pj_traverse(PositionJSONObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->keys);
    Py_VISIT(self->makers);
    Py_VISIT(self->last);
    Py_VISIT(self->made);
    return 0;
}

static int
pj_clear(PositionJSONObject *self)
{
    Py_CLEAR(self->keys);
    Py_CLEAR(self->makers);
    pj_forget(self);
    return 0;
}

static void
pj_dealloc(PositionJSONObject *self)
{
    PyObject_GC_UnTrack(self);
    pj_clear(self);
    PyMem_Free(self->field);
    PyMem_Free(self->sub);
    PyMem_Free(self->refill);
    PyMem_Free(self->lists);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
pj_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    PositionJSONObject *self = (PositionJSONObject *)type->tp_alloc(type, 0);
    if (self != NULL)
        self->vectorcall = (vectorcallfunc)pj_call;
    return (PyObject *)self;
}

static PyTypeObject PositionJSONType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "atout._speedups.PositionJSON",
    .tp_basicsize = sizeof(PositionJSONObject),
    .tp_doc = "A position's whole JSON: the common keys and a game's parts (atout.game.PurePositionJSON); "
              "an observation class's to_json.",
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_vectorcall_offset = offsetof(PositionJSONObject, vectorcall),
    .tp_new = pj_new,
    .tp_init = (initproc)pj_init,
    .tp_call = PyVectorcall_Call,
    .tp_descr_get = bound_method,
    .tp_traverse = (traverseproc)pj_traverse,
    .tp_clear = (inquiry)pj_clear,
    .tp_dealloc = (destructor)pj_dealloc,
};


/* ------------------------------------------------------------------------ what the observations share */

/* The `count` indices of a record's fields in the tuple `at` (its size checked by the caller) into `into`; -1 with
 * an error naming `setter` when one is not a non-negative int. */
static int
field_indices(PyObject *at, Py_ssize_t *into, Py_ssize_t count, const char *setter)
{
    for (Py_ssize_t i = 0; i < count; i++)
        if ((into[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(at, i))) < 0) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "%s: a field index is negative", setter);
            return -1;
        }
    return 0;
}

/* The index of `seat` (an int) at a table of `n` seats, or -1 with the reference's ValueError. */
static long
seat_at(PyObject *seat, long n)
{
    long s = PyLong_AsLong(seat);
    if (s >= 0 && s < n)
        return s;
    if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "no seat %R at this table", seat);
    }
    return -1;
}

/* What every compiled observation checks first (`name`, set up by `setter`): two arguments, and the game set up.
 * 1: this code takes the call; 0: the reference does (a seat that is neither an int nor None, a state not exactly of
 * the class read); -1 with an error. */
static int
observe_takes(PyObject *const *args, Py_ssize_t nargs, const char *name, const char *setter, PyObject *obs_type,
              SlotsObject *fields)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s(state, seat)", name);
        return -1;
    }
    if (obs_type == NULL || fields == NULL) {
        PyErr_Format(PyExc_RuntimeError, "atout._speedups: %s() first", setter);
        return -1;
    }
    return (args[1] == Py_None || PyLong_CheckExact(args[1])) && Py_IS_TYPE(args[0], fields->owner);
}

static PyObject *s_legal_actions, *s_moves;   /* "legal_actions", "moves" (interned with the others below) */

/* The viewer's legal actions, a new reference: none for a spectator (None), else `state.legal_actions(seat)` for a
 * seat at a table of `n` (*at: its index, -1 for a spectator); NULL with the reference's ValueError for another.
 * `fast(state, at)`, when given, lists them first in the commonest case, as the game's legal_actions does; NULL
 * without an error when it does not take the case. */
static PyObject *
viewer_legal(PyObject *st, PyObject *seat, long n, long *at, PyObject *(*fast)(PyObject *, long))
{
    *at = -1;
    if (seat == Py_None)
        return PyTuple_New(0);
    if ((*at = seat_at(seat, n)) < 0)
        return NULL;
    if (fast != NULL) {
        PyObject *found = fast(st, *at);
        if (found != NULL || PyErr_Occurred())
            return found;
    }
    return PyObject_CallMethodOneArg(st, s_legal_actions, seat);
}

/* The facts of the table of `rules` (facts_of(rules), a tuple of `count`), kept in *kept_facts for the
 * rules in *kept_rules until another table's are asked for: borrowed, or NULL. */
static PyObject *
table_facts_of(PyObject *facts_of, PyObject *rules, Py_ssize_t count, PyObject **kept_rules, PyObject **kept_facts)
{
    if (rules == *kept_rules && *kept_facts != NULL)
        return *kept_facts;
    PyObject *facts = PyObject_CallOneArg(facts_of, rules);
    if (facts == NULL)
        return NULL;
    if (!PyTuple_CheckExact(facts) || PyTuple_GET_SIZE(facts) != count) {
        Py_DECREF(facts);
        PyErr_SetString(PyExc_TypeError, "a table's facts are not as expected");
        return NULL;
    }
    Py_XSETREF(*kept_facts, facts);
    Py_XSETREF(*kept_rules, Py_NewRef(rules));
    return facts;
}

/* 0 when every field of `fields` is set in `state` (read at its place); else -1, with an AttributeError
 * naming the first that is not. */
static int
fields_set(PyObject *state, SlotsObject *fields, const char *game)
{
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields->names); i++)
        if (*SLOT(state, fields->offsets[i]) == NULL) {
            PyErr_Format(PyExc_AttributeError, "a %s state without its %R", game, PyTuple_GET_ITEM(fields->names, i));
            return -1;
        }
    return 0;
}

/* An observation of `type` holding the `count` values of `v` (taken: each left NULL), or NULL: one of `spares`
 * that nothing else holds, given these values, else a new one (then kept). */
static PyObject *
observation_of(PyObject *type, PyObject **v, int count, Spares *spares)
{
    PyObject *out = spare_taken(spares, (PyTypeObject *)type, count);
    if (out != NULL) {
        for (int i = 0; i < count; i++) {   /* each value replaced before the one it replaces is let go */
            PyObject *was = PyTuple_GET_ITEM(out, i);
            PyTuple_SET_ITEM(out, i, v[i]);
            v[i] = NULL;
            Py_XDECREF(was);
        }
        if (!PyObject_GC_IsTracked(out))   /* the collector stops tracking a tuple of atoms */
            PyObject_GC_Track(out);
        return out;
    }
    if ((out = ((PyTypeObject *)type)->tp_alloc((PyTypeObject *)type, count)) == NULL)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyTuple_SET_ITEM(out, i, v[i]);
        v[i] = NULL;
    }
    spare_keep(spares, out);
    return out;
}

/* ------------------------------------------------------------------------ a Whist position */

/* Whist's observation (`atout/games/whist/observation.py`: `pure_observe` is the reference; its JSON
 * is a PositionJSON). `set_whist()` hands over what it reads: the observation's type, the indices of
 * the slow record's fields, the phases' names, the suits, the mort's place, and the
 * Python functions called for the sheet (made once per trick) and every case this code does not take
 * (the reference itself). */

static PyObject *w_obs_type;     /* WhistObservation */
static Spares w_spares;          /* its observations made again in place */
static PyObject *w_phase_names;  /* tuple: each phase's name */
static PyObject *w_suits;        /* tuple: the four suits then None (a trump of -1) */
static PyObject *w_sheet_of;     /* sheet_of(state) */
static PyObject *w_fallback;     /* pure_observe(state, seat) */
static SlotsObject *w_fields;    /* the state's fields read (WF_*) */
enum { WF_TABLE, WF_SLOW, WF_HANDS, WF_TRICK, WF_LEADER, WF_PHASE, WF_PLAYED, WF_TO_MOVE, WF_OUTCOME, WF_LOG, WF_HOW,
       WF_SHEET, WF_TRICK_LOG, WF_TRICKS_WON, WF_NCARDS, WF_COUNT };
static long w_play_phase = -1, w_places = 4;   /* the phase of the play, and the places at a table */
/* the sheet's fields that change with a trick (atout/games/whist/observation.py: sheet_of) */
enum { WSH_LEADER = 4, WSH_LAST_TRICK = 11, WSH_TRICKS_WON = 12, WSH_TRICKS = 16, WSH_COUNT = 19 };
static PyObject *w_played_bits, *w_played;   /* the cards played last observed, and their CardSet */
static PyObject *w_mort_bits, *w_mort;       /* the mort's hand last shown, and its CardSet */
static Py_ssize_t w_mort_place = -1;
enum { WS_DEALER, WS_SEATING, WS_SCORES, WS_HAND_START, WS_TURNED, WS_TRUMP, WS_EXPOSED, WS_COUNT };
static Py_ssize_t w_slow_at[WS_COUNT];   /* the slow record's index of each field above */
#define W_OBS_FIELDS 20
static PyObject *w_table, *w_table_name, *w_table_options, *w_table_members, *w_table_n;   /* the last table's */
static int w_table_mort;
static PyObject *s_table, *s__slow, *s_hands, *s_trick, *s_leader, *s_phase, *s_to_move, *s__outcome, *s_played,
    *s_legal_actions, *s__log, *s__how, *s_name, *s_options_view, *s_n, *s_members;

static PyObject *
set_whist(PyObject *module, PyObject *args)
{
    PyObject *obs_type, *phases, *suits, *sheet_of, *fallback, *at, *fields;
    Py_ssize_t mort_place;
    long play, places;
    if (!PyArg_ParseTuple(args, "O!O!O!nOOO!O!ll:set_whist", &PyType_Type, &obs_type, &PyTuple_Type, &phases,
                          &PyTuple_Type, &suits, &mort_place, &sheet_of, &fallback, &PyTuple_Type, &at, &SlotsType, &fields,
                          &play, &places))
        return NULL;
    if (!slots_ready((SlotsObject *)fields) || PyTuple_GET_SIZE(((SlotsObject *)fields)->names) != WF_COUNT) {
        PyErr_SetString(PyExc_ValueError, "set_whist: the state's fields, in their order (WF_*)");
        return NULL;
    }
    if (!PyType_IsSubtype((PyTypeObject *)obs_type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "set_whist: the observation is a tuple type");
        return NULL;
    }
    if (PyTuple_GET_SIZE(suits) != 5 || PyTuple_GET_SIZE(at) != WS_COUNT || mort_place < 0 || mort_place > 3) {
        PyErr_SetString(PyExc_ValueError, "set_whist: five suits, the slow fields' indices, a place");
        return NULL;
    }
    if (field_indices(at, w_slow_at, WS_COUNT, "set_whist") < 0)
        return NULL;
    Py_XSETREF(w_obs_type, Py_NewRef(obs_type));
    Py_XSETREF(w_phase_names, Py_NewRef(phases));
    Py_XSETREF(w_suits, Py_NewRef(suits));
    Py_XSETREF(w_sheet_of, Py_NewRef(sheet_of));
    Py_XSETREF(w_fallback, Py_NewRef(fallback));
    Py_XSETREF(w_fields, (SlotsObject *)Py_NewRef(fields));
    w_mort_place = mort_place;
    w_play_phase = play;
    w_places = places;
    Py_CLEAR(w_table);
    Py_RETURN_NONE;
}

/* The legal actions of the seat at `at` when it is to play a card past the first round (the commonest decision):
 * the state's moves, as WhistState.legal_actions gives them (a call may be made only before every place has
 * played). NULL without an error when this is not that case. */
static PyObject *
whist_card_legal(PyObject *st, long at)
{
    Py_ssize_t *off = w_fields->offsets;
    if (small_int(*SLOT(st, off[WF_TO_MOVE])) != at || small_int(*SLOT(st, off[WF_PHASE])) != w_play_phase
        || small_int(*SLOT(st, off[WF_NCARDS])) < w_places)
        return NULL;
    return PyObject_CallMethodNoArgs(st, s_moves);
}

/* The table's fixed facts, read once per table (kept while the states of one table are observed). */
static int
whist_table(PyObject *table)
{
    if (table == w_table)
        return 0;
    PyObject *name = PyObject_GetAttr(table, s_name), *options = NULL, *members = NULL, *n = NULL, *mort = NULL;
    int is_mort = -1;
    if (name != NULL && (options = PyObject_GetAttr(table, s_options_view)) != NULL
        && (members = PyObject_GetAttr(table, s_members)) != NULL && (n = PyObject_GetAttr(table, s_n)) != NULL
        && (mort = PyObject_GetAttr(table, s_mort)) != NULL)
        is_mort = PyObject_IsTrue(mort);
    Py_XDECREF(mort);
    if (is_mort < 0 || !PyLong_CheckExact(n)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "a Whist table's n is an int");
        Py_XDECREF(name);
        Py_XDECREF(options);
        Py_XDECREF(members);
        Py_XDECREF(n);
        return -1;
    }
    Py_XSETREF(w_table_name, name);
    Py_XSETREF(w_table_options, options);
    Py_XSETREF(w_table_members, members);
    Py_XSETREF(w_table_n, n);
    w_table_mort = is_mort;
    Py_XSETREF(w_table, Py_NewRef(table));
    return 0;
}

/* The bits of a hand (mask_of), or -1 with an error when it is not a card set of 64 bits. */
static int
bits_of(PyObject *value, unsigned long long *bits)
{
    int ok = 1;
    *bits = mask_of(value, &ok);
    if (!ok)
        PyErr_SetString(PyExc_TypeError, "a Whist hand is a set of cards (an int of 64 bits)");
    return ok ? 0 : -1;
}

/* item `i` of a tuple, borrowed (NULL with an error when it is not a tuple that long). */
static PyObject *
tuple_item(PyObject *tuple, Py_ssize_t i, const char *what)
{
    if (!PyTuple_Check(tuple) || i < 0 || i >= PyTuple_GET_SIZE(tuple)) {
        PyErr_Format(PyExc_TypeError, "a Whist state's %s is not as expected", what);
        return NULL;
    }
    return PyTuple_GET_ITEM(tuple, i);
}

/* The state's sheet, as sheet_of makes it (a new reference): kept in the state with the slow record and the
 * tricks it was made of; a trick more (the same slow record), the kept sheet with the fields a trick changes
 * made again; else sheet_of's. */
static PyObject *
whist_sheet(PyObject *st, Py_ssize_t *off)
{
    PyObject *cached = *SLOT(st, off[WF_SHEET]), *slow = *SLOT(st, off[WF_SLOW]), *log = *SLOT(st, off[WF_TRICK_LOG]);
    if (!PyTuple_CheckExact(cached) || PyTuple_GET_SIZE(cached) != 3 || PyTuple_GET_ITEM(cached, 0) != slow)
        return PyObject_CallOneArg(w_sheet_of, st);
    PyObject *old = PyTuple_GET_ITEM(cached, 2);
    if (PyTuple_GET_ITEM(cached, 1) == log)
        return Py_NewRef(old);
    PyObject *leader = *SLOT(st, off[WF_LEADER]), *seating = PyTuple_GET_ITEM(slow, w_slow_at[WS_SEATING]);
    PyObject *hand_seat = tuple_item(seating, 1, "seating");
    Py_ssize_t lead = PyLong_AsSsize_t(leader);
    if (hand_seat == NULL || !PyTuple_Check(old) || PyTuple_GET_SIZE(old) != WSH_COUNT || !PyTuple_Check(log)
        || (lead == -1 && PyErr_Occurred()) || tuple_item(hand_seat, lead, "leader") == NULL) {
        PyErr_Clear();
        return PyObject_CallOneArg(w_sheet_of, st);   /* anything odd: the Python says what */
    }
    PyObject *sheet = Py_TYPE(old)->tp_alloc(Py_TYPE(old), WSH_COUNT);
    PyObject *leader_seat = PyTuple_GET_ITEM(slow, w_slow_at[WS_TURNED]) != Py_None
                            ? Py_NewRef(PyTuple_GET_ITEM(hand_seat, lead)) : PyLong_FromLong(-1);
    if (sheet == NULL || leader_seat == NULL) {
        Py_XDECREF(sheet);
        Py_XDECREF(leader_seat);
        return NULL;
    }
    Py_ssize_t tricks = PyTuple_GET_SIZE(log);
    for (Py_ssize_t i = 0; i < WSH_COUNT; i++) {
        PyObject *value = i == WSH_LEADER ? leader_seat
                        : i == WSH_LAST_TRICK ? (tricks ? PyTuple_GET_ITEM(log, tricks - 1) : Py_None)
                        : i == WSH_TRICKS_WON ? *SLOT(st, off[WF_TRICKS_WON])
                        : i == WSH_TRICKS ? log : PyTuple_GET_ITEM(old, i);
        PyTuple_SET_ITEM(sheet, i, Py_NewRef(value));
    }
    Py_DECREF(leader_seat);
    PyObject *kept = PyTuple_Pack(3, slow, log, sheet);
    if (kept == NULL) {
        Py_DECREF(sheet);
        return NULL;
    }
    Py_SETREF(*SLOT(st, off[WF_SHEET]), kept);
    return sheet;
}

/* observe(state, seat): the observation of `seat` (None: a spectator), as pure_observe makes it. */
static PyObject *
whist_observe(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int takes = observe_takes(args, nargs, "whist_observe", "set_whist", w_obs_type, w_fields);
    if (takes <= 0)   /* anything odd: the reference says what */
        return takes < 0 ? NULL : PyObject_Vectorcall(w_fallback, args, 2, NULL);
    PyObject *st = args[0], *seat = args[1];
    Py_ssize_t *off = w_fields->offsets;
    PyObject *v[W_OBS_FIELDS] = {NULL};
    PyObject *table = *SLOT(st, off[WF_TABLE]), *out = NULL;
    if (table == NULL) {
        PyErr_SetString(PyExc_AttributeError, "a Whist state without its table");
        return NULL;
    }
    Py_INCREF(table);
    if (whist_table(table) < 0)
        goto done;
    /* the table's facts taken now: the Python called below may observe another table */
    v[0] = Py_NewRef(w_table_name);
    v[1] = Py_NewRef(w_table_options);
    v[3] = Py_NewRef(w_table_n);
    v[4] = Py_NewRef(w_table_members);
    int is_mort = w_table_mort;
    Py_ssize_t n = PyLong_AsSsize_t(v[3]);
    long at;
    if ((v[12] = viewer_legal(st, seat, n, &at, whist_card_legal)) == NULL)
        goto done;
    if (fields_set(st, w_fields, "Whist") < 0 || (v[19] = whist_sheet(st, off)) == NULL)
        goto done;
    /* read after the Python calls (which keep their caches in the state), and not changed below */
    if (fields_set(st, w_fields, "Whist") < 0)
        goto done;
    PyObject *slow = *SLOT(st, off[WF_SLOW]), *hands = *SLOT(st, off[WF_HANDS]), *trick = *SLOT(st, off[WF_TRICK]);
    PyObject *leader = *SLOT(st, off[WF_LEADER]), *phase = *SLOT(st, off[WF_PHASE]);
    if (!PyTuple_Check(slow) || PyTuple_GET_SIZE(slow) <= w_slow_at[WS_EXPOSED] || !PyTuple_Check(hands)
        || PyTuple_GET_SIZE(hands) != 4 || !PyTuple_Check(trick) || !PyLong_CheckExact(leader)
        || !PyLong_CheckExact(phase)) {
        PyErr_SetString(PyExc_TypeError, "a Whist state's fields are not as expected");
        goto done;
    }
    PyObject *seating = PyTuple_GET_ITEM(slow, w_slow_at[WS_SEATING]);
    PyObject *hand_seat = tuple_item(seating, 1, "seating"), *place_of = tuple_item(seating, 2, "seating");
    if (hand_seat == NULL || place_of == NULL || tuple_item(hand_seat, 3, "seating") == NULL)
        goto done;
    if (PyTuple_GET_SIZE(place_of) != n) {
        PyErr_SetString(PyExc_TypeError, "a Whist state's seating is not as expected");
        goto done;
    }
    if (seat == Py_None)
        v[7] = Py_NewRef(Py_None);
    else {
        Py_ssize_t p = PyLong_AsSsize_t(PyTuple_GET_ITEM(place_of, at));
        if ((p == -1 && PyErr_Occurred()) || tuple_item(hands, p, "place") == NULL
            || (v[7] = Py_XNewRef(seat_cardset(p, PyTuple_GET_ITEM(hands, p)))) == NULL)
            goto done;
    }
    /* the sizes of the seats' hands, in seat order */
    if ((v[8] = PyTuple_New(n)) == NULL)
        goto done;
    for (Py_ssize_t s = 0; s < n; s++) {
        Py_ssize_t p = PyLong_AsSsize_t(PyTuple_GET_ITEM(place_of, s));
        unsigned long long bits;
        PyObject *hand = (p == -1 && PyErr_Occurred()) ? NULL : tuple_item(hands, p, "place");
        if (hand == NULL || bits_of(hand, &bits) < 0)
            goto done;
        PyObject *size = PyLong_FromLong(__builtin_popcountll(bits));
        if (size == NULL)
            goto done;
        PyTuple_SET_ITEM(v[8], s, size);
    }
    /* the trick, each card with the seat of its hand */
    Py_ssize_t cards = PyTuple_GET_SIZE(trick), lead = PyLong_AsSsize_t(leader);
    if (cards > 4 || (cards && (lead < 0 || lead > 3))) {
        PyErr_SetString(PyExc_ValueError, "a Whist trick is not as expected");
        goto done;
    }
    if ((v[10] = PyTuple_New(cards)) == NULL)
        goto done;
    for (Py_ssize_t k = 0; k < cards; k++) {
        PyObject *pair = seat_card(PyTuple_GET_ITEM(hand_seat, (lead + k) % 4), PyTuple_GET_ITEM(trick, k));
        if (pair == NULL)
            goto done;
        PyTuple_SET_ITEM(v[10], k, pair);
    }
    /* the turned card while the dealer holds it; the mort's hand once it is face up */
    PyObject *turned = PyTuple_GET_ITEM(slow, w_slow_at[WS_TURNED]);
    int in_hand = 0;
    if (turned != Py_None) {
        Py_ssize_t dealer = PyLong_AsSsize_t(PyTuple_GET_ITEM(slow, w_slow_at[WS_DEALER]));
        Py_ssize_t card = PyLong_AsSsize_t(turned);
        unsigned long long bits;
        PyObject *hand = (dealer == -1 && PyErr_Occurred()) ? NULL : tuple_item(hands, dealer, "dealer");
        if (hand == NULL || (card == -1 && PyErr_Occurred()) || bits_of(hand, &bits) < 0)
            goto done;
        in_hand = card >= 0 && card < 64 && (bits >> card & 1);
        if (in_hand && (v[16] = Py_XNewRef(tuple_item(hand_seat, dealer, "seating"))) == NULL)
            goto done;
    }
    int exposed = is_mort ? PyObject_IsTrue(PyTuple_GET_ITEM(slow, w_slow_at[WS_EXPOSED])) : 0;
    if (exposed < 0 || (exposed && (v[17] = Py_XNewRef(kept_cardset(PyTuple_GET_ITEM(hands, w_mort_place), &w_mort_bits,
                                                                     &w_mort))) == NULL))
        goto done;
    Py_ssize_t phase_at = PyLong_AsSsize_t(phase);
    PyObject *trump = PyTuple_GET_ITEM(slow, w_slow_at[WS_TRUMP]);
    Py_ssize_t suit = PyLong_AsSsize_t(trump);
    if (phase_at < 0 || phase_at >= PyTuple_GET_SIZE(w_phase_names) || suit < -1 || suit > 3) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a Whist state's phase or trump is not as expected");
        goto done;
    }
    if ((v[13] = make_log_view(*SLOT(st, off[WF_LOG]), seat, *SLOT(st, off[WF_HOW]),
                               PyTuple_GET_ITEM(slow, w_slow_at[WS_HAND_START]))) == NULL
        || (v[18] = Py_XNewRef(kept_cardset(*SLOT(st, off[WF_PLAYED]), &w_played_bits, &w_played))) == NULL)
        goto done;
    v[2] = Py_NewRef(seat);
    v[5] = Py_NewRef(PyTuple_GET_ITEM(w_phase_names, phase_at));
    v[6] = Py_NewRef(*SLOT(st, off[WF_TO_MOVE]));
    v[9] = Py_NewRef(PyTuple_GET_ITEM(w_suits, suit < 0 ? 4 : suit));
    v[11] = Py_NewRef(PyTuple_GET_ITEM(slow, w_slow_at[WS_SCORES]));
    v[14] = Py_NewRef(*SLOT(st, off[WF_OUTCOME]));
    v[15] = Py_NewRef(in_hand ? turned : Py_None);
    if (v[16] == NULL)
        v[16] = Py_NewRef(Py_None);
    if (v[17] == NULL)
        v[17] = Py_NewRef(Py_None);
    out = observation_of(w_obs_type, v, W_OBS_FIELDS, &w_spares);
done:
    for (int i = 0; i < W_OBS_FIELDS; i++)
        Py_XDECREF(v[i]);
    Py_DECREF(table);
    return out;
}

/* ------------------------------------------------------------------------ a Sizette position */

/* Sizette's and Quadrette's observation (`atout/games/sizette/observation.py`: `pure_observe` is the
 * reference). `set_sizette()` hands over what it reads: the observation's type, the phases' and the
 * windows' names, the suits, the state's fields (a Slots of SizetteState), the
 * indices of the slow record's fields, the phases whose hand sizes the rules tell, the function that
 * gives a table's fixed facts (called once per table), every case this code does not take (the
 * reference itself: a seat that is not an int, table-law mode, a state of another class), and what
 * tells when a seat may do only its moves or abandon (a card due; the cut and the game's end, the windows
 * where a side talks; abandon). */

/* Each seat's last moves (its cards due, and any other: a command, the vole…) and its listing with abandon, held:
 * the same moves again (the same tuple: moves() keeps it while the seat's choice is the same), the same listing. */
static PyObject *zm_kept[LEGAL_SEATS][2][2];
static void forget_cut_listings(void);   /* below */
static long tuple_small(PyObject *t, Py_ssize_t i);   /* below */

static PyObject *z_obs_type, *z_phase_names, *z_window_names, *z_suits, *z_fallback, *z_facts_of;
static Spares z_spares;   /* the observations made again in place */
static SlotsObject *z_fields;
enum { ZF_RULES, ZF_PHASE, ZF_TO_MOVE, ZF_DEALER, ZF_CAPTAINS, ZF_OUTCOME, ZF_TURNED, ZF_TRUMP, ZF_LEADER, ZF_TRICK_NO,
       ZF_PLAYED, ZF_TRICKS_WON, ZF_DONE_TRICKS, ZF_VOLE_TEAM, ZF_WINDOW, ZF_WINDOW_TEAM, ZF_PENDING, ZF_COMMAND,
       ZF_FAILED_COMMANDS, ZF_TALK, ZF_TABLE_LAW, ZF_HANDS, ZF_TRICK, ZF_SLOW, ZF_LOG, ZF_HOW, ZF_MODE, ZF_PLAYER,
       ZF_SIDE_OF, ZF_STRENGTH, ZF_REMARKS, ZF_VERSION, ZF_LKEY, ZF_LEGAL, ZF_COUNT };
enum { ZS_HAND_NO, ZS_SCORES, ZS_HAND_START, ZS_DRAWS, ZS_RESULTS, ZS_TURNED_BIT, ZS_CAPTAIN_CHANGES, ZS_COUNT };
static Py_ssize_t z_slow_at[ZS_COUNT];
static long z_play_phase = -1, z_vole_phase = -1, z_card_due = -1, z_cut_phase = -1, z_over_phase = -1;
static unsigned long long z_talk_windows;   /* the windows of the play where a side talks, as bits (turns.TALK_WINDOWS) */
static PyObject *z_abandon_only;   /* (abandon,): turns.ABANDON_ONLY */
/* a table's facts (facts_of(rules)): its game's name, options, seats, sides, target, whether it has a
 * talon, whether the last trick may be looked at, the hand sizes by trick, leader and cards played, and
 * the seats in play order from each leader; whether free remarks are allowed, whether a team-mate may volunteer
 * statements, the pack */
enum { ZT_NAME, ZT_OPTIONS, ZT_N, ZT_MEMBERS, ZT_TARGET, ZT_TALON, ZT_REVIEW, ZT_HAND_SIZES, ZT_SEATS_FROM, ZT_FREE_REMARKS,
       ZT_VOLUNTEER, ZT_PACK, ZT_COUNT };
static PyObject *z_rules, *z_facts;     /* the last table's rules and facts */
static PyObject *z_played_bits, *z_played;   /* the cards played last made a CardSet, and of what */
#define Z_OBS_FIELDS 37

static PyObject *
set_sizette(PyObject *module, PyObject *args)
{
    PyObject *obs_type, *phases, *windows, *suits, *fallback, *fields, *at, *facts_of, *talk_windows, *abandon_only;
    long play, vole, card_due, cut, over;
    if (!PyArg_ParseTuple(args, "O!O!O!O!OO!O!llOlllO!O!:set_sizette", &PyType_Type, &obs_type, &PyTuple_Type, &phases,
                          &PyTuple_Type, &windows, &PyTuple_Type, &suits, &fallback, &SlotsType, &fields,
                          &PyTuple_Type, &at, &play, &vole, &facts_of, &card_due, &cut, &over, &PyTuple_Type, &talk_windows,
                          &PyTuple_Type, &abandon_only))
        return NULL;
    unsigned long long talk_bits = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(talk_windows); i++) {
        long window = small_int(PyTuple_GET_ITEM(talk_windows, i));
        if (window < 0 || window >= 64) {
            PyErr_SetString(PyExc_ValueError, "set_sizette: the talk windows are small ints");
            return NULL;
        }
        talk_bits |= 1ULL << window;
    }
    if (!PyType_IsSubtype((PyTypeObject *)obs_type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "set_sizette: the observation is a tuple type");
        return NULL;
    }
    if (PyTuple_GET_SIZE(suits) != 5 || PyTuple_GET_SIZE(at) != ZS_COUNT || !slots_ready((SlotsObject *)fields)
        || PyTuple_GET_SIZE(((SlotsObject *)fields)->names) != ZF_COUNT) {
        PyErr_SetString(PyExc_ValueError, "set_sizette: five suits, the state's fields, the slow fields' indices");
        return NULL;
    }
    if (field_indices(at, z_slow_at, ZS_COUNT, "set_sizette") < 0)
        return NULL;
    Py_XSETREF(z_obs_type, Py_NewRef(obs_type));
    Py_XSETREF(z_phase_names, Py_NewRef(phases));
    Py_XSETREF(z_window_names, Py_NewRef(windows));
    Py_XSETREF(z_suits, Py_NewRef(suits));
    Py_XSETREF(z_fallback, Py_NewRef(fallback));
    Py_XSETREF(z_fields, (SlotsObject *)Py_NewRef(fields));
    Py_XSETREF(z_facts_of, Py_NewRef(facts_of));
    Py_XSETREF(z_abandon_only, Py_NewRef(abandon_only));
    z_play_phase = play;
    z_vole_phase = vole;
    z_card_due = card_due;
    z_cut_phase = cut;
    z_over_phase = over;
    z_talk_windows = talk_bits;
    Py_CLEAR(z_rules);
    Py_CLEAR(z_facts);
    Py_CLEAR(z_played);
    for (int i = 0; i < LEGAL_SEATS; i++)   /* the listings kept were made with the abandon of before */
        for (int m = 0; m < 2; m++) {
            Py_CLEAR(zm_kept[i][m][0]);
            Py_CLEAR(zm_kept[i][m][1]);
        }
    forget_cut_listings();
    return Py_NewRef(Py_None);
}

static PyObject *sizette_talk_legal(PyObject *st, long s);   /* below */

/* The cut's listings (turns.cut_actions: the table's cuts when the seat is to cut, its side's captain changes,
 * abandon), each as the reference made it the first time, kept for the table's facts by all it depends on: whether
 * the seat cuts, its side, how many changes that side made, its captain. */
#define CUT_CHANGES 4
static PyObject *zc_facts, *zc_listing[2][2][CUT_CHANGES][LEGAL_SEATS];

static void
forget_cut_listings(void)
{
    Py_CLEAR(zc_facts);
    for (int m = 0; m < 2; m++)
        for (int side = 0; side < 2; side++)
            for (int c = 0; c < CUT_CHANGES; c++)
                for (int k = 0; k < LEGAL_SEATS; k++)
                    Py_CLEAR(zc_listing[m][side][c][k]);
}

/* What seat `s` may do in the cut, out of table-law mode (the caller checked both): a kept listing, or the
 * reference's (state.legal_actions(s)), kept. NULL: with an error, or without one when the state is not as
 * expected (then the caller asks the Python). */
static PyObject *
sizette_cut_legal(PyObject *st, long s)
{
    Py_ssize_t *off = z_fields->offsets;
    PyObject *slow = *SLOT(st, off[ZF_SLOW]);
    long side = tuple_small(*SLOT(st, off[ZF_SIDE_OF]), s);
    long changes = (side == 0 || side == 1) && PyTuple_Check(slow) && z_slow_at[ZS_CAPTAIN_CHANGES] < PyTuple_GET_SIZE(slow)
                   ? tuple_small(PyTuple_GET_ITEM(slow, z_slow_at[ZS_CAPTAIN_CHANGES]), side) : -1;
    long captain = side == 0 || side == 1 ? tuple_small(*SLOT(st, off[ZF_CAPTAINS]), side) : -1;
    int mover = small_int(*SLOT(st, off[ZF_TO_MOVE])) == s;
    if (z_facts == NULL || changes < 0 || changes >= CUT_CHANGES || captain < 0 || captain >= LEGAL_SEATS)
        return NULL;
    if (zc_facts != z_facts) {   /* another table: its own cuts and sides */
        forget_cut_listings();
        zc_facts = Py_NewRef(z_facts);
    }
    PyObject **kept = &zc_listing[mover][side][changes][captain];
    if (*kept != NULL)
        return Py_NewRef(*kept);
    PyObject *facts = Py_NewRef(z_facts), *seat = PyLong_FromLong(s);
    PyObject *out = seat == NULL ? NULL : PyObject_CallMethodOneArg(st, s_legal_actions, seat);
    if (out != NULL && PyTuple_CheckExact(out) && zc_facts == facts && *kept == NULL)
        *kept = Py_NewRef(out);
    Py_XDECREF(seat);
    Py_DECREF(facts);
    return out;
}

/* The legal actions of the seat at `s` when nothing is open to it but its moves and abandon (the commonest
 * decisions: a card due from it; or it is the seat to move, out of the cut and of the windows where a side talks,
 * as a command in C3 or the vole): its moves, then abandon, as turns.legal_actions lists them; and those of the seat
 * to move in a window where its side talks (sizette_talk_legal). NULL: with an error, or without one when this is
 * not that case (then the caller asks the Python). */
static PyObject *
sizette_moves_legal(PyObject *st, long s)
{
    Py_ssize_t *off = z_fields->offsets;
    if (small_int(*SLOT(st, off[ZF_MODE])) == z_card_due) {
        if (small_int(*SLOT(st, off[ZF_PLAYER])) != s)
            return NULL;
    }
    else {
        long phase = small_int(*SLOT(st, off[ZF_PHASE])), window = small_int(*SLOT(st, off[ZF_WINDOW]));
        if (phase == z_cut_phase && *SLOT(st, off[ZF_TABLE_LAW]) == Py_False)
            return sizette_cut_legal(st, s);
        if (small_int(*SLOT(st, off[ZF_TO_MOVE])) != s || phase < 0 || phase == z_cut_phase || phase == z_over_phase
            || (phase == z_play_phase && (window < 0 || window >= 64)))
            return NULL;
        if (phase == z_play_phase && (z_talk_windows >> window & 1))
            return sizette_talk_legal(st, s);
    }
    PyObject *moves = PyObject_CallMethodNoArgs(st, s_moves);
    if (moves == NULL)
        return NULL;
    PyObject **kept = s < LEGAL_SEATS ? zm_kept[s][small_int(*SLOT(st, off[ZF_MODE])) == z_card_due] : NULL;
    if (kept != NULL && kept[0] == moves && kept[1] != NULL) {   /* the same moves as last time: the same listing */
        Py_DECREF(moves);
        return Py_NewRef(kept[1]);
    }
    PyObject *out = PyTuple_CheckExact(moves) ? PySequence_Concat(moves, z_abandon_only) : NULL;
    if (out != NULL && kept != NULL) {
        Py_XSETREF(kept[0], Py_NewRef(moves));
        Py_XSETREF(kept[1], Py_NewRef(out));
    }
    Py_DECREF(moves);
    return out;
}

/* What the seat to move may do in window C1 or C2 (turns.legal_actions and windows.talk_actions, the reference): its
 * moves, then its questions and statements less what was said (talk_listing), then the remark and abandon; kept in
 * the state for its version as the reference keeps it. `set_sizette_talk()` hands over the tables it reads: the
 * suits' masks, the statements about a suit by holding for a rank order (`says_of`) and what makes those of a hand
 * not made yet (`make_says(says, strength, hand)`), the per-card statements, a
 * captain's questions to each seat, the remark alone, the remarks allowed per window, the statements' canonical
 * objects (_SPEECH), and the question's and the statement's classes. NULL: with an error, or without one when this
 * code does not take the case (a state not as expected: the caller asks the Python). */
static PyObject *zt_masks, *zt_says_of, *zt_make_says, *zt_holds, *zt_lacks, *zt_mate_asks, *zt_remark_only, *zt_speech;
static PyTypeObject *zt_ask_type, *zt_say_type;
static long zt_max_remarks = -1;
static PyObject *zt_strength, *zt_says;   /* the last rank order and its statements by holding */
static PyObject *zt_remark_after, *zt_remark_abandon;   /* the remark then abandon, and the abandon it was made of */
#define TALK_SEATS 8
static PyObject *zt_talk[TALK_SEATS], *zt_said[TALK_SEATS];   /* each seat's last talk and what it struck out */
static PyObject *zt_listing[TALK_SEATS][2];   /* each seat's last talk listing in window C2 and in C1: the next one, if the same */

static PyObject *talk_listing(PyObject *module, PyObject *const *args, Py_ssize_t nargs);   /* below */

static PyObject *
set_sizette_talk(PyObject *module, PyObject *args)
{
    PyObject *masks, *says_of, *make_says, *holds, *lacks, *mate_asks, *remark_only, *speech, *ask_type, *say_type;
    long max_remarks;
    if (!PyArg_ParseTuple(args, "O!OOO!O!O!O!lO!O!O!:set_sizette_talk", &PyTuple_Type, &masks, &says_of, &make_says, &PyList_Type,
                          &holds, &PyList_Type, &lacks, &PyList_Type, &mate_asks, &PyTuple_Type, &remark_only,
                          &max_remarks, &PyDict_Type, &speech, &PyType_Type, &ask_type, &PyType_Type, &say_type))
        return NULL;
    Py_XSETREF(zt_masks, Py_NewRef(masks));
    Py_XSETREF(zt_says_of, Py_NewRef(says_of));
    Py_XSETREF(zt_make_says, Py_NewRef(make_says));
    Py_XSETREF(zt_holds, Py_NewRef(holds));
    Py_XSETREF(zt_lacks, Py_NewRef(lacks));
    Py_XSETREF(zt_mate_asks, Py_NewRef(mate_asks));
    Py_XSETREF(zt_remark_only, Py_NewRef(remark_only));
    Py_XSETREF(zt_speech, Py_NewRef(speech));
    Py_XSETREF(zt_ask_type, (PyTypeObject *)Py_NewRef(ask_type));
    Py_XSETREF(zt_say_type, (PyTypeObject *)Py_NewRef(say_type));
    zt_max_remarks = max_remarks;
    Py_CLEAR(zt_strength);
    Py_CLEAR(zt_says);
    Py_CLEAR(zt_remark_after);
    for (int i = 0; i < TALK_SEATS; i++) {
        Py_CLEAR(zt_talk[i]);
        Py_CLEAR(zt_said[i]);
        Py_CLEAR(zt_listing[i][0]);
        Py_CLEAR(zt_listing[i][1]);
    }
    return Py_NewRef(Py_None);
}

/* What seat `s` (below TALK_SEATS) may no longer say, of the hand's `talk` (a tuple of TalkEntry): every question
 * asked and every statement it made, each as its canonical object (_SPEECH), in order; taken up from the seat's last
 * talk when this one begins with it. A new reference, or NULL: with an error, or without one (not as expected). */
static PyObject *
talk_said(PyObject *talk, long s)
{
    PyObject *was = zt_talk[s];
    Py_ssize_t n = PyTuple_GET_SIZE(talk), k = was != NULL && PyTuple_GET_SIZE(was) <= n ? PyTuple_GET_SIZE(was) : -1;
    for (Py_ssize_t i = 0; i < k; i++)   /* the last talk, the beginning of this one? */
        if (PyTuple_GET_ITEM(was, i) != PyTuple_GET_ITEM(talk, i))
            k = -1;
    if (k == n)
        return Py_NewRef(zt_said[s]);
    if (k < 0)
        k = 0;
    PyObject *said = k ? PySequence_List(zt_said[s]) : PyList_New(0);
    if (said == NULL)
        return NULL;
    for (Py_ssize_t i = k; i < n; i++) {
        PyObject *entry = PyTuple_GET_ITEM(talk, i);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 3) {
            Py_DECREF(said);
            return NULL;
        }
        PyObject *action = PyTuple_GET_ITEM(entry, 2);
        if (!Py_IS_TYPE(action, zt_ask_type) && !(Py_IS_TYPE(action, zt_say_type) && small_int(PyTuple_GET_ITEM(entry, 0)) == s))
            continue;
        PyObject *canonical = PyDict_GetItemWithError(zt_speech, action);   /* the action's own hash: Python */
        if ((canonical == NULL && PyErr_Occurred()) || PyList_Append(said, canonical != NULL ? canonical : action) < 0) {
            Py_DECREF(said);
            return NULL;
        }
    }
    PyObject *out = PyList_AsTuple(said);
    Py_DECREF(said);
    if (out != NULL) {
        Py_XSETREF(zt_talk[s], Py_NewRef(talk));
        Py_XSETREF(zt_said[s], Py_NewRef(out));
    }
    return out;
}

/* Item i of the tuple `t` as a small int, or -2 when `t` is not a tuple that long. */
static long
tuple_small(PyObject *t, Py_ssize_t i)
{
    return PyTuple_Check(t) && i >= 0 && i < PyTuple_GET_SIZE(t) ? small_int(PyTuple_GET_ITEM(t, i)) : -2;
}

/* The talk of the seat to move `s` in a talk window, between `before` (its moves) and abandon: as talk_actions lists
 * it. A new reference, or NULL (see above). */
static PyObject *
sizette_talk_actions(PyObject *st, long s, PyObject *facts, PyObject *before)
{
    Py_ssize_t *off = z_fields->offsets;
    PyObject *after = z_abandon_only, *listing[11], *out = NULL;
    long side = small_int(*SLOT(st, off[ZF_WINDOW_TEAM]));
    long seat_side = tuple_small(*SLOT(st, off[ZF_SIDE_OF]), s);
    if (side < 0 || seat_side < 0)
        return NULL;
    if (seat_side != side || *SLOT(st, off[ZF_PENDING]) != Py_None)
        return PySequence_Concat(before, after);
    int free_remarks = PyObject_IsTrue(PyTuple_GET_ITEM(facts, ZT_FREE_REMARKS));
    int volunteer = PyObject_IsTrue(PyTuple_GET_ITEM(facts, ZT_VOLUNTEER));
    long remarks = tuple_small(*SLOT(st, off[ZF_REMARKS]), s), captain = tuple_small(*SLOT(st, off[ZF_CAPTAINS]), side);
    PyObject *members = PyTuple_GET_ITEM(facts, ZT_MEMBERS);
    if (free_remarks < 0 || volunteer < 0 || remarks < 0 || captain < 0 || !PyTuple_Check(members)
        || side >= PyTuple_GET_SIZE(members) || !PyTuple_Check(PyTuple_GET_ITEM(members, side)))
        return NULL;
    PyObject *remark_after = NULL;
    if (free_remarks && remarks < zt_max_remarks) {   /* the remark, then abandon: one tuple, made once */
        if (zt_remark_after == NULL || zt_remark_abandon != z_abandon_only) {
            PyObject *made = PySequence_Concat(zt_remark_only, z_abandon_only);
            if (made == NULL)
                return NULL;
            Py_XSETREF(zt_remark_after, made);
            Py_XSETREF(zt_remark_abandon, Py_NewRef(z_abandon_only));
        }
        after = remark_after = Py_NewRef(zt_remark_after);   /* held: the Python called below may run anything */
    }
    if (captain != s && !volunteer) {
        out = PySequence_Concat(before, after);
        Py_XDECREF(remark_after);
        return out;
    }
    PyObject *hands = *SLOT(st, off[ZF_HANDS]), *slow = *SLOT(st, off[ZF_SLOW]);
    int ok = PyTuple_Check(hands) && s < PyTuple_GET_SIZE(hands) && PyTuple_Check(slow)
             && z_slow_at[ZS_TURNED_BIT] < PyTuple_GET_SIZE(slow);
    unsigned long long hand = ok ? mask_of(PyTuple_GET_ITEM(hands, s), &ok) : 0;
    unsigned long long played = ok ? mask_of(*SLOT(st, off[ZF_PLAYED]), &ok) : 0;
    unsigned long long turned = ok ? mask_of(PyTuple_GET_ITEM(slow, z_slow_at[ZS_TURNED_BIT]), &ok) : 0;
    unsigned long long pack = ok ? mask_of(PyTuple_GET_ITEM(facts, ZT_PACK), &ok) : 0;
    PyObject *strength = *SLOT(st, off[ZF_STRENGTH]), *talk = *SLOT(st, off[ZF_TALK]);
    if (!ok || !PyTuple_Check(talk)) {
        PyErr_Clear();
        Py_XDECREF(remark_after);
        return NULL;
    }
    PyObject *side_seats = PyTuple_GET_ITEM(members, side), *asks = NULL, *unseen = NULL, *said = NULL;
    if (captain == s) {   /* a captain's questions to each team-mate */
        Py_ssize_t mates = 0;
        PyObject *made[TALK_SEATS];
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(side_seats) && mates < TALK_SEATS; i++) {
            long m = small_int(PyTuple_GET_ITEM(side_seats, i));
            if (m < 0 || m >= PyList_GET_SIZE(zt_mate_asks)) {
                mates = -1;
                break;
            }
            if (m != s)
                made[mates++] = PyList_GET_ITEM(zt_mate_asks, m);
        }
        if (mates >= 0 && (asks = PyTuple_New(mates)) != NULL)
            for (Py_ssize_t i = 0; i < mates; i++)
                PyTuple_SET_ITEM(asks, i, Py_NewRef(made[i]));
    }
    else
        asks = Py_NewRef(empty_tuple);
    if (strength != zt_strength || zt_says == NULL) {   /* another rank order: its statements */
        PyObject *says = PyObject_CallOneArg(zt_says_of, strength);
        if (says == NULL || !PyDict_Check(says)) {
            Py_XDECREF(says);
            goto done;
        }
        Py_XSETREF(zt_says, says);
        Py_XSETREF(zt_strength, Py_NewRef(strength));
    }
    if (asks == NULL || (unseen = PyLong_FromUnsignedLongLong(pack & ~(hand | played | turned))) == NULL
        || (said = talk_said(talk, s)) == NULL)
        goto done;
    PyObject *says = Py_NewRef(zt_says);
    PyObject **last = &zt_listing[s][small_int(*SLOT(st, off[ZF_WINDOW])) & 1];
    listing[0] = zt_masks; listing[1] = says; listing[2] = zt_holds; listing[3] = zt_lacks; listing[4] = asks;
    listing[5] = PyTuple_GET_ITEM(hands, s); listing[6] = unseen; listing[7] = said; listing[8] = before;
    listing[9] = after; listing[10] = *last != NULL ? *last : Py_None;
    Py_INCREF(listing[10]);   /* held: the Python called below may list again */
    out = talk_listing(NULL, listing, 11);
    if (out == Py_None) {   /* a suit's statements not made yet: made (as the reference makes them), then listed */
        PyObject *made = PyObject_CallFunctionObjArgs(zt_make_says, says, strength, listing[5], NULL);
        Py_SETREF(out, made == NULL ? NULL : talk_listing(NULL, listing, 11));
        Py_XDECREF(made);
        if (out == Py_None) {
            Py_CLEAR(out);
            PyErr_SetString(PyExc_RuntimeError, "talk_listing: a suit's statements not made by make_says");
        }
    }
    Py_DECREF(listing[10]);
    if (out != NULL && out != *last)
        Py_XSETREF(*last, Py_NewRef(out));
    Py_DECREF(says);
done:
    Py_XDECREF(asks);
    Py_XDECREF(unseen);
    Py_XDECREF(said);
    Py_XDECREF(remark_after);
    return out;
}

/* The legal actions of the seat to move `s` in a talk window (windows C1 and C2 of the play, out of table-law mode),
 * as turns.legal_actions lists them and keeps them in the state (its _lkey and _legal); NULL as above. */
static PyObject *
sizette_talk_legal(PyObject *st, long s)
{
    Py_ssize_t *off = z_fields->offsets;
    if (zt_masks == NULL || z_facts == NULL || s >= TALK_SEATS || !PyLong_CheckExact(*SLOT(st, off[ZF_VERSION])))
        return NULL;
    int overflow = 0;
    long long version = PyLong_AsLongLongAndOverflow(*SLOT(st, off[ZF_VERSION]), &overflow);
    if (overflow || version < 0 || version >= (1LL << 58))
        return NULL;
    long long key = version << 4 | s;
    PyObject *lkey = *SLOT(st, off[ZF_LKEY]);
    if (PyLong_CheckExact(lkey)) {
        long long kept = PyLong_AsLongLongAndOverflow(lkey, &overflow);
        if (!overflow && kept == key && PyTuple_CheckExact(*SLOT(st, off[ZF_LEGAL])))
            return Py_NewRef(*SLOT(st, off[ZF_LEGAL]));
    }
    PyErr_Clear();
    PyObject *facts = Py_NewRef(z_facts), *moves = PyObject_CallMethodNoArgs(st, s_moves), *out = NULL;
    if (moves != NULL && PyTuple_CheckExact(moves) && fields_set(st, z_fields, "Sizette") == 0)
        out = sizette_talk_actions(st, s, facts, moves);
    Py_DECREF(facts);
    Py_XDECREF(moves);
    if (out != NULL) {
        PyObject *made = PyLong_FromLongLong(key);
        if (made == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        Py_XSETREF(*SLOT(st, off[ZF_LKEY]), made);
        Py_XSETREF(*SLOT(st, off[ZF_LEGAL]), Py_NewRef(out));
    }
    return out;
}

/* talk_listing(masks, says, holds, lacks, asks, hand, unseen, said, before, after): the talk a Sizette or Quadrette
 * seat may make in window C1 or C2, less what was said (atout.games.sizette.windows.pure_talk_listing, the
 * reference), between what it lists before and after (its moves; the remark, abandon): for each team-mate the
 * captain may ask, (suit_asks, per_card), his questions about suits, then per_card[c] for each card c of
 * unseen & mask, suit by suit; then says[(hand & mask) << 2 | suit] for each suit; then holds[c] for each card of
 * hand & mask and lacks[c] for each card of unseen & mask, suit by suit: one tuple, with no talk item that is one of
 * `said` (by identity). None when a suit's statements are not made yet (the caller makes them). */

/* Item `card` of the per-card table `table` (a list or a tuple), borrowed; NULL with an IndexError. */
static PyObject *
talk_card(PyObject *table, int card)
{
    if (card >= PySequence_Fast_GET_SIZE(table)) {
        PyErr_SetString(PyExc_IndexError, "talk_listing: a card past its per-card table");
        return NULL;
    }
    return PySequence_Fast_GET_ITEM(table, card);
}

/* Where the talk walk puts its items: a new tuple (`out`), or, when `out` is NULL, a comparison with the listing
 * `last` (`differs` once an item is not last's at its place). */
typedef struct {
    PyObject *out, *last, *said;
    Py_ssize_t kept;
    int differs;
} TalkSink;

/* Put `item` at its place unless it is one of `said` (by identity). */
static void
talk_keep(TalkSink *sink, PyObject *item)
{
    Py_ssize_t k = 0, struck = PyTuple_GET_SIZE(sink->said);
    while (k < struck && PyTuple_GET_ITEM(sink->said, k) != item)
        k++;
    if (k < struck)
        return;
    if (sink->out != NULL)
        PyTuple_SET_ITEM(sink->out, sink->kept++, Py_NewRef(item));
    else if (!sink->differs && (sink->kept >= PyTuple_GET_SIZE(sink->last) || PyTuple_GET_ITEM(sink->last, sink->kept++) != item))
        sink->differs = 1;
}

/* Put each item of `table` for the cards of `bits` (lowest first) as talk_keep does; -1 with an error. */
static int
talk_cards(TalkSink *sink, PyObject *table, unsigned long long bits)
{
    for (; bits && !(sink->out == NULL && sink->differs); bits &= bits - 1) {
        PyObject *item = talk_card(table, __builtin_ctzll(bits));
        if (item == NULL)
            return -1;
        talk_keep(sink, item);
    }
    return 0;
}

/* The same for each item of the tuple `items`; with `all`, what was said included (what comes before and after). */
static void
talk_items(TalkSink *sink, PyObject *items, int all)
{
    PyObject *said = sink->said;
    if (all)
        sink->said = empty_tuple;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(items) && !(sink->out == NULL && sink->differs); i++)
        talk_keep(sink, PyTuple_GET_ITEM(items, i));
    sink->said = said;
}

static int
is_table(PyObject *table)
{
    return PyList_CheckExact(table) || PyTuple_CheckExact(table);
}

/* The talk walk of talk_listing, into `sink`: before, the asks, the suits' statements, the holds, the lacks, after;
 * -1 with an error (a card past a per-card table). */
static int
talk_walk(TalkSink *sink, const unsigned long long *mask, PyObject *asks, PyObject *const *suit_says, PyObject *holds,
          PyObject *lacks, unsigned long long hand, unsigned long long unseen, PyObject *before, PyObject *after)
{
    talk_items(sink, before, 1);
    for (Py_ssize_t m = 0; m < PyTuple_GET_SIZE(asks); m++) {
        PyObject *pair = PyTuple_GET_ITEM(asks, m);
        talk_items(sink, PyTuple_GET_ITEM(pair, 0), 0);
        for (int s = 0; s < 4; s++)
            if (talk_cards(sink, PyTuple_GET_ITEM(pair, 1), unseen & mask[s]) < 0)
                return -1;
    }
    for (int s = 0; s < 4; s++)
        talk_items(sink, suit_says[s], 0);
    for (int s = 0; s < 4; s++)
        if (talk_cards(sink, holds, hand & mask[s]) < 0)
            return -1;
    for (int s = 0; s < 4; s++)
        if (talk_cards(sink, lacks, unseen & mask[s]) < 0)
            return -1;
    talk_items(sink, after, 1);
    return 0;
}

/* The statements found in the last `says` by suit, the last TS_KEPT holdings of each suit (a seat's hand stays
 * through a window: its next listing looks up the same holdings), held with the table, whose statements about a
 * holding once made are never replaced. */
#define TS_KEPT 8
static PyObject *ts_says, *ts_found[4 * TS_KEPT];
static unsigned long long ts_part[4 * TS_KEPT];

static PyObject *
talk_listing(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 10 && nargs != 11) {
        PyErr_SetString(PyExc_TypeError, "talk_listing(masks, says, holds, lacks, asks, hand, unseen, said, before, after, last=None)");
        return NULL;
    }
    PyObject *masks = args[0], *says = args[1], *holds = args[2], *lacks = args[3], *asks = args[4], *said = args[7];
    PyObject *before = args[8], *after = args[9];
    unsigned long long mask[4], hand, unseen;
    int ok = PyTuple_Check(masks) && PyTuple_GET_SIZE(masks) == 4;
    for (int s = 0; ok && s < 4; s++)
        mask[s] = mask_of(PyTuple_GET_ITEM(masks, s), &ok);
    if (!ok || (hand = mask_of(args[5], &ok), !ok) || (unseen = mask_of(args[6], &ok), !ok)
        || (mask[0] | mask[1] | mask[2] | mask[3]) >> 62) {
        PyErr_SetString(PyExc_ValueError, "talk_listing: four suits' masks (of 62 bits), a hand and the unseen cards "
                        "are sets of cards (ints of 64 bits)");
        return NULL;
    }
    if (!PyDict_Check(says) || !is_table(holds) || !is_table(lacks) || !PyTuple_Check(said) || !PyTuple_Check(asks)
        || !PyTuple_Check(before) || !PyTuple_Check(after)) {
        PyErr_SetString(PyExc_TypeError, "talk_listing: the suits' statements a dict, the per-card ones lists, the asks a "
                        "tuple of (suit_asks, per_card) pairs, what was said, before and after tuples");
        return NULL;
    }
    Py_ssize_t total = PyTuple_GET_SIZE(before) + PyTuple_GET_SIZE(after);
    for (Py_ssize_t m = 0; m < PyTuple_GET_SIZE(asks); m++) {
        PyObject *pair = PyTuple_GET_ITEM(asks, m);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(pair, 0))
            || !is_table(PyTuple_GET_ITEM(pair, 1))) {
            PyErr_SetString(PyExc_TypeError, "talk_listing: an ask is a pair (suit_asks, per_card): a tuple, a list");
            return NULL;
        }
        total += PyTuple_GET_SIZE(PyTuple_GET_ITEM(pair, 0));
        for (int s = 0; s < 4; s++)
            total += __builtin_popcountll(unseen & mask[s]);
    }
    PyObject *suit_says[4];
    if (says != ts_says) {   /* another table of statements: what was found in the last one forgotten */
        Py_XSETREF(ts_says, Py_NewRef(says));
        for (int h = 0; h < 4 * TS_KEPT; h++)
            Py_CLEAR(ts_found[h]);
    }
    for (int s = 0; s < 4; s++) {
        unsigned long long part = (hand & mask[s]) << 2 | (unsigned long long)s;
        int h = s * TS_KEPT + (int)(part * 0x9E3779B97F4A7C15ull >> 61);
        if (ts_found[h] != NULL && ts_part[h] == part)
            suit_says[s] = ts_found[h];
        else {
            PyObject *key = PyLong_FromUnsignedLongLong(part);
            if (key == NULL)
                return NULL;
            suit_says[s] = PyDict_GetItemWithError(says, key);
            Py_DECREF(key);
            if (suit_says[s] == NULL)
                return PyErr_Occurred() ? NULL : Py_NewRef(Py_None);   /* not made yet */
            if (!PyTuple_Check(suit_says[s])) {
                PyErr_SetString(PyExc_TypeError, "talk_listing: a suit's statements are a tuple");
                return NULL;
            }
            Py_XSETREF(ts_found[h], Py_NewRef(suit_says[s]));
            ts_part[h] = part;
        }
        total += PyTuple_GET_SIZE(suit_says[s]) + __builtin_popcountll(hand & mask[s])
                 + __builtin_popcountll(unseen & mask[s]);
    }
    PyObject *last = nargs == 11 ? args[10] : Py_None;
    if (last != Py_None && !PyTuple_CheckExact(last)) {
        PyErr_SetString(PyExc_TypeError, "talk_listing: the last listing is a tuple or None");
        return NULL;
    }
    TalkSink sink = {NULL, last, said, 0, 0};
    if (last != Py_None) {   /* the same listing as the last one: that one, nothing made */
        if (talk_walk(&sink, mask, asks, suit_says, holds, lacks, hand, unseen, before, after) < 0)
            return NULL;
        if (!sink.differs && sink.kept == PyTuple_GET_SIZE(last))
            return Py_NewRef(last);
    }
    if ((sink.out = PyTuple_New(total)) == NULL)
        return NULL;
    sink.kept = 0;
    if (talk_walk(&sink, mask, asks, suit_says, holds, lacks, hand, unseen, before, after) < 0) {
        Py_DECREF(sink.out);
        return NULL;
    }
    if (sink.kept < total && _PyTuple_Resize(&sink.out, sink.kept) < 0)
        return NULL;
    return sink.out;
}

static PyObject *
sizette_observe(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int takes = observe_takes(args, nargs, "sizette_observe", "set_sizette", z_obs_type, z_fields);
    if (takes < 0)
        return NULL;
    PyObject *st = args[0], *seat = args[1];
    Py_ssize_t *off = z_fields->offsets;
    if (!takes || *SLOT(st, off[ZF_TABLE_LAW]) != Py_False)   /* anything odd, and table-law mode (its claims): the reference */
        return PyObject_Vectorcall(z_fallback, args, 2, NULL);
    PyObject *v[Z_OBS_FIELDS] = {NULL}, *facts = NULL, *out = NULL;
    PyObject *slow = NULL, *hands = NULL, *trick = NULL, *done_tricks = NULL;
    if (*SLOT(st, off[ZF_RULES]) == NULL) {
        PyErr_SetString(PyExc_AttributeError, "a Sizette state without its rules");
        return NULL;
    }
    if ((facts = table_facts_of(z_facts_of, *SLOT(st, off[ZF_RULES]), ZT_COUNT, &z_rules, &z_facts)) == NULL)
        return NULL;
    if (!PyLong_CheckExact(PyTuple_GET_ITEM(facts, ZT_N)) || !PyTuple_Check(PyTuple_GET_ITEM(facts, ZT_HAND_SIZES))
        || !PyTuple_Check(PyTuple_GET_ITEM(facts, ZT_SEATS_FROM))) {
        PyErr_SetString(PyExc_TypeError, "a Sizette table's facts are not as expected");
        return NULL;
    }
    Py_INCREF(facts);   /* held: the Python called below may observe another table */
    Py_ssize_t n = PyLong_AsSsize_t(PyTuple_GET_ITEM(facts, ZT_N));
    long s;
    if ((v[12] = viewer_legal(st, seat, n, &s, sizette_moves_legal)) == NULL)
        goto done;
    if (seat == Py_None)
        v[7] = Py_NewRef(Py_None);
    else {
        /* read after the call (which keeps its own caches in the state) */
        PyObject *held = *SLOT(st, off[ZF_HANDS]);
        PyObject *bits = held != NULL && PyTuple_Check(held) && PyTuple_GET_SIZE(held) == n ? PyTuple_GET_ITEM(held, s) : NULL;
        if (bits == NULL || !PyLong_Check(bits)) {
            PyErr_SetString(PyExc_TypeError, "a Sizette state's hands are not as expected");
            goto done;
        }
        if ((v[7] = Py_XNewRef(seat_cardset(s, bits))) == NULL)
            goto done;
    }
    if (fields_set(st, z_fields, "Sizette") < 0)
        goto done;
    /* held: read after the Python call above, kept while the log's view is made */
    slow = Py_NewRef(*SLOT(st, off[ZF_SLOW]));
    hands = Py_NewRef(*SLOT(st, off[ZF_HANDS]));
    trick = Py_NewRef(*SLOT(st, off[ZF_TRICK]));
    done_tricks = Py_NewRef(*SLOT(st, off[ZF_DONE_TRICKS]));
    long phase = small_int(*SLOT(st, off[ZF_PHASE])), leader = small_int(*SLOT(st, off[ZF_LEADER]));
    long dealer = small_int(*SLOT(st, off[ZF_DEALER])), window = small_int(*SLOT(st, off[ZF_WINDOW]));
    PyObject *trump = *SLOT(st, off[ZF_TRUMP]), *turned = *SLOT(st, off[ZF_TURNED]);
    long suit = trump == Py_None ? 4 : small_int(trump);
    int ok = 1;
    unsigned long long played = mask_of(*SLOT(st, off[ZF_PLAYED]), &ok);
    if (!ok || !PyTuple_Check(slow) || !PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != n || !PyTuple_Check(trick)
        || !PyTuple_Check(done_tricks) || phase < 0 || phase >= PyTuple_GET_SIZE(z_phase_names) || leader < -1
        || leader >= n || dealer < -1 || dealer >= n || window < 0 || window >= PyTuple_GET_SIZE(z_window_names)
        || suit < 0 || suit > 4 || (turned != Py_None && small_int(turned) < 0)) {
        PyErr_SetString(PyExc_TypeError, "a Sizette state's fields are not as expected");
        goto done;
    }
    for (int i = 0; i < ZS_COUNT; i++)
        if (z_slow_at[i] >= PyTuple_GET_SIZE(slow)) {
            PyErr_SetString(PyExc_TypeError, "a Sizette state's slow record is not as expected");
            goto done;
        }
    Py_ssize_t cards = PyTuple_GET_SIZE(trick);
    /* the sizes of the hands: told by the rules while the cards are played, else counted */
    if (phase == z_play_phase || phase == z_vole_phase) {
        PyObject *by_trick = PyTuple_GET_ITEM(facts, ZT_HAND_SIZES);
        long trick_no = small_int(*SLOT(st, off[ZF_TRICK_NO]));
        PyObject *by_leader = trick_no >= 0 && trick_no < PyTuple_GET_SIZE(by_trick) ? PyTuple_GET_ITEM(by_trick, trick_no) : NULL;
        PyObject *by_played = by_leader != NULL && PyTuple_Check(by_leader) && leader >= 0 && leader < PyTuple_GET_SIZE(by_leader)
                              ? PyTuple_GET_ITEM(by_leader, leader) : NULL;
        if (by_played == NULL || !PyTuple_Check(by_played) || cards >= PyTuple_GET_SIZE(by_played)) {
            PyErr_SetString(PyExc_ValueError, "a Sizette state's trick is not as expected");
            goto done;
        }
        v[8] = Py_NewRef(PyTuple_GET_ITEM(by_played, cards));
    }
    else {
        if ((v[8] = PyTuple_New(n)) == NULL)
            goto done;
        for (Py_ssize_t s = 0; s < n; s++) {
            unsigned long long bits = mask_of(PyTuple_GET_ITEM(hands, s), &ok);
            PyObject *size = ok ? PyLong_FromLong(__builtin_popcountll(bits)) : NULL;
            if (size == NULL) {
                if (!ok)
                    PyErr_SetString(PyExc_TypeError, "a Sizette hand is a set of cards (an int of 64 bits)");
                goto done;
            }
            PyTuple_SET_ITEM(v[8], s, size);
        }
    }
    /* the trick, each card with its seat */
    if (cards == 0)
        v[10] = PyTuple_New(0);
    else {
        PyObject *from = PyTuple_GET_ITEM(facts, ZT_SEATS_FROM);
        PyObject *seats = leader >= 0 && leader < PyTuple_GET_SIZE(from) ? PyTuple_GET_ITEM(from, leader) : NULL;
        if (seats == NULL || !PyTuple_Check(seats)) {
            PyErr_SetString(PyExc_TypeError, "a Sizette table's seats are not as expected");
            goto done;
        }
        Py_ssize_t k = cards < PyTuple_GET_SIZE(seats) ? cards : PyTuple_GET_SIZE(seats);   /* as zip */
        if ((v[10] = PyTuple_New(k)) == NULL)
            goto done;
        for (Py_ssize_t i = 0; i < k; i++) {
            PyObject *pair = seat_card(PyTuple_GET_ITEM(seats, i), PyTuple_GET_ITEM(trick, i));
            if (pair == NULL)
                goto done;
            PyTuple_SET_ITEM(v[10], i, pair);
        }
    }
    if (v[10] == NULL)
        goto done;
    /* the cards played, the same CardSet while they stay the same */
    PyObject *played_set = kept_cardset(*SLOT(st, off[ZF_PLAYED]), &z_played_bits, &z_played);
    if (played_set == NULL)
        goto done;
    v[36] = Py_NewRef(played_set);
    if ((v[13] = make_log_view(*SLOT(st, off[ZF_LOG]), seat, *SLOT(st, off[ZF_HOW]),
                               PyTuple_GET_ITEM(slow, z_slow_at[ZS_HAND_START]))) == NULL
        || (v[17] = PyLong_FromLong(dealer >= 0 ? (dealer + 1) % n : -1)) == NULL)
        goto done;
    int in_hand = turned != Py_None && !PyObject_IsTrue(PyTuple_GET_ITEM(facts, ZT_TALON))
                  && !(small_int(turned) < 64 && (played >> small_int(turned) & 1));
    Py_ssize_t done_count = PyTuple_GET_SIZE(done_tricks);
    int review = PyObject_IsTrue(PyTuple_GET_ITEM(facts, ZT_REVIEW));
    if (review < 0)
        goto done;
    v[0] = Py_NewRef(PyTuple_GET_ITEM(facts, ZT_NAME));
    v[1] = Py_NewRef(PyTuple_GET_ITEM(facts, ZT_OPTIONS));
    v[2] = Py_NewRef(seat);
    v[3] = Py_NewRef(PyTuple_GET_ITEM(facts, ZT_N));
    v[4] = Py_NewRef(PyTuple_GET_ITEM(facts, ZT_MEMBERS));
    v[5] = Py_NewRef(PyTuple_GET_ITEM(z_phase_names, phase));
    v[6] = Py_NewRef(*SLOT(st, off[ZF_TO_MOVE]));
    v[9] = Py_NewRef(PyTuple_GET_ITEM(z_suits, suit));
    v[11] = Py_NewRef(PyTuple_GET_ITEM(slow, z_slow_at[ZS_SCORES]));
    v[14] = Py_NewRef(*SLOT(st, off[ZF_OUTCOME]));
    v[15] = Py_NewRef(PyTuple_GET_ITEM(slow, z_slow_at[ZS_HAND_NO]));
    v[16] = Py_NewRef(*SLOT(st, off[ZF_DEALER]));
    v[18] = Py_NewRef(*SLOT(st, off[ZF_CAPTAINS]));
    v[19] = Py_NewRef(PyTuple_GET_ITEM(facts, ZT_TARGET));
    v[20] = Py_NewRef(turned);
    v[21] = Py_NewRef(in_hand ? *SLOT(st, off[ZF_DEALER]) : Py_None);
    v[22] = Py_NewRef(*SLOT(st, off[ZF_LEADER]));
    v[23] = Py_NewRef(done_tricks);
    v[24] = Py_NewRef(done_count && !cards && review ? PyTuple_GET_ITEM(done_tricks, done_count - 1) : Py_None);
    v[25] = Py_NewRef(*SLOT(st, off[ZF_TRICKS_WON]));
    v[26] = Py_NewRef(PyTuple_GET_ITEM(z_window_names, window));
    v[27] = Py_NewRef(window ? *SLOT(st, off[ZF_WINDOW_TEAM]) : Py_None);
    v[28] = Py_NewRef(*SLOT(st, off[ZF_PENDING]));
    v[29] = PyTuple_New(0);   /* the claims pending: table-law mode only (the reference's) */
    v[30] = Py_NewRef(*SLOT(st, off[ZF_COMMAND]));
    v[31] = Py_NewRef(*SLOT(st, off[ZF_FAILED_COMMANDS]));
    v[32] = Py_NewRef(*SLOT(st, off[ZF_VOLE_TEAM]));
    v[33] = Py_NewRef(*SLOT(st, off[ZF_TALK]));
    v[34] = Py_NewRef(PyTuple_GET_ITEM(slow, z_slow_at[ZS_DRAWS]));
    v[35] = Py_NewRef(PyTuple_GET_ITEM(slow, z_slow_at[ZS_RESULTS]));
    out = observation_of(z_obs_type, v, Z_OBS_FIELDS, &z_spares);
done:
    for (int i = 0; i < Z_OBS_FIELDS; i++)
        Py_XDECREF(v[i]);
    Py_DECREF(facts);
    Py_XDECREF(slow);
    Py_XDECREF(hands);
    Py_XDECREF(trick);
    Py_XDECREF(done_tricks);
    return out;
}


/* ------------------------------------------------------------------------ a Bésigue position */

/* Bésigue's observation (`atout/games/besigue/observation.py`: `pure_observe` is the reference).
 * `set_besigue()` hands over what it reads: the observation's type, the phases' names, the suits, the
 * state's fields (a Slots of BesigueState), the function that gives a table's fixed
 * facts (called once per table), the one that gives the tabled cards' sets (once per tabled tuple), and
 * every case this code does not take (the reference itself: a seat that is not an int, a state of
 * another class). A card set runs over up to 212 card ids (four packs and the jokers): read as bytes. */

static PyObject *b_obs_type, *b_phase_names, *b_suits, *b_fallback, *b_facts_of, *b_tabled_of;
static Spares b_spares;   /* the observations made again in place */
static SlotsObject *b_fields;
enum { BF_RULES, BF_N, BF_PHASE, BF_TO_MOVE, BF_DEALER, BF_HAND_NO, BF_SCORES, BF_MATCH, BF_ENDED, BF_HAND_START,
       BF_HANDS, BF_TABLED, BF_TALON, BF_TALON_POS, BF_RETOURNE, BF_RETOURNE_HOLDER, BF_TRUMP, BF_TRICK, BF_LEADER,
       BF_PLAYED, BF_BRISQUES, BF_HAND_POINTS, BF_LAST_TRICK, BF_DECLARED, BF_LOG, BF_HOW, BF_COUNT };
enum { BT_OPTIONS, BT_SEATS, BT_TARGET, BT_COUNT };
static PyObject *b_rules, *b_facts;                       /* the last table's rules and facts */
static PyObject *b_sizes_hands, *b_sizes_tabled, *b_sizes;  /* the hands' sizes last counted, and of what */
static PyObject *b_marque_scores, *b_marque_points, *b_marque;   /* the live score last made, and of what */
static PyObject *b_tabled, *b_tabled_sets;                /* the tabled cards' sets last made, and of what */
static PyObject *b_played_bits, *b_played;                /* the CardSet of the cards played last made */
static PyObject *s_wins, *s_streak, *s_hundreds, *s_receiver, *k_besigue;
#define B_OBS_FIELDS 32
#define B_BYTES 32

static PyObject *
set_besigue(PyObject *module, PyObject *args)
{
    PyObject *obs_type, *phases, *suits, *fallback, *fields, *facts_of, *tabled_of;
    if (!PyArg_ParseTuple(args, "O!O!O!OO!OO:set_besigue", &PyType_Type, &obs_type, &PyTuple_Type, &phases,
                          &PyTuple_Type, &suits, &fallback, &SlotsType, &fields, &facts_of, &tabled_of))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)obs_type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "set_besigue: the observation is a tuple type");
        return NULL;
    }
    if (PyTuple_GET_SIZE(suits) != 4 || !slots_ready((SlotsObject *)fields)
        || PyTuple_GET_SIZE(((SlotsObject *)fields)->names) != BF_COUNT) {
        PyErr_SetString(PyExc_ValueError, "set_besigue: four suits, the state's fields");
        return NULL;
    }
    Py_XSETREF(b_obs_type, Py_NewRef(obs_type));
    Py_XSETREF(b_phase_names, Py_NewRef(phases));
    Py_XSETREF(b_suits, Py_NewRef(suits));
    Py_XSETREF(b_fallback, Py_NewRef(fallback));
    Py_XSETREF(b_fields, (SlotsObject *)Py_NewRef(fields));
    Py_XSETREF(b_facts_of, Py_NewRef(facts_of));
    Py_XSETREF(b_tabled_of, Py_NewRef(tabled_of));
    Py_CLEAR(b_rules);
    Py_CLEAR(b_facts);
    return Py_NewRef(Py_None);
}

/* The match's wins, streak, hundreds and receiver into `into` (new references), read once per match object
 * (a Match is made anew when it changes); -1 with an error. */
static PyObject *b_match, *b_match_fields[4];

static int
besigue_match(PyObject *match, PyObject **into)
{
    if (match != b_match) {
        PyObject *names[4] = {s_wins, s_streak, s_hundreds, s_receiver}, *read[4] = {NULL};
        for (int i = 0; i < 4; i++)
            if ((read[i] = PyObject_GetAttr(match, names[i])) == NULL) {
                for (int j = 0; j < i; j++)
                    Py_DECREF(read[j]);
                return -1;
            }
        for (int i = 0; i < 4; i++)
            Py_XSETREF(b_match_fields[i], read[i]);
        Py_XSETREF(b_match, Py_NewRef(match));
    }
    for (int i = 0; i < 4; i++)
        into[i] = Py_NewRef(b_match_fields[i]);
    return 0;
}

/* The sizes of the hands (cards held less those tabled), the same tuple while they stay the same; borrowed. */
static PyObject *
besigue_sizes(PyObject *hands, PyObject *tabled, Py_ssize_t n)
{
    if (hands == b_sizes_hands && tabled == b_sizes_tabled && b_sizes != NULL)
        return b_sizes;
    if (!PyTuple_Check(hands) || !PyTuple_Check(tabled) || PyTuple_GET_SIZE(hands) != n || PyTuple_GET_SIZE(tabled) != n) {
        PyErr_SetString(PyExc_TypeError, "a Bésigue state's hands are not as expected");
        return NULL;
    }
    PyObject *sizes = PyTuple_New(n);
    if (sizes == NULL)
        return NULL;
    for (Py_ssize_t s = 0; s < n; s++) {
        unsigned char held[B_BYTES], down[B_BYTES];
        PyObject *h = PyTuple_GET_ITEM(hands, s), *t = PyTuple_GET_ITEM(tabled, s);
        if (!PyLong_Check(h) || !PyLong_Check(t) || long_bytes(h, held, B_BYTES) < 0 || long_bytes(t, down, B_BYTES) < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "a Bésigue hand is a set of cards");
            Py_DECREF(sizes);
            return NULL;
        }
        int count = 0;
        for (int i = 0; i < B_BYTES; i += 8) {   /* eight bytes at a time */
            unsigned long long a, b;
            memcpy(&a, held + i, 8);
            memcpy(&b, down + i, 8);
            count += __builtin_popcountll(a & ~b);
        }
        PyObject *size = PyLong_FromLong(count);
        if (size == NULL) {
            Py_DECREF(sizes);
            return NULL;
        }
        PyTuple_SET_ITEM(sizes, s, size);
    }
    Py_XSETREF(b_sizes_hands, Py_NewRef(hands));
    Py_XSETREF(b_sizes_tabled, Py_NewRef(tabled));
    Py_XSETREF(b_sizes, sizes);
    return sizes;
}

/* The live score (the sheet plus the hand's points), the same tuple while they stay the same; borrowed. */
static PyObject *
besigue_marque(PyObject *scores, PyObject *points)
{
    if (scores == b_marque_scores && points == b_marque_points && b_marque != NULL)
        return b_marque;
    if (!PyTuple_Check(scores) || !PyTuple_Check(points) || PyTuple_GET_SIZE(scores) != PyTuple_GET_SIZE(points)) {
        PyErr_SetString(PyExc_TypeError, "a Bésigue state's scores are not as expected");
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(scores);
    PyObject *made = PyTuple_New(n);
    for (Py_ssize_t i = 0; made != NULL && i < n; i++) {
        PyObject *sum = PyNumber_Add(PyTuple_GET_ITEM(scores, i), PyTuple_GET_ITEM(points, i));
        if (sum == NULL)
            Py_CLEAR(made);
        else
            PyTuple_SET_ITEM(made, i, sum);
    }
    if (made == NULL)
        return NULL;
    Py_XSETREF(b_marque_scores, Py_NewRef(scores));
    Py_XSETREF(b_marque_points, Py_NewRef(points));
    Py_XSETREF(b_marque, made);
    return made;
}

/* besigue_observe(state, seat): the observation of `seat` (None: a spectator), as pure_observe makes it. */
static PyObject *
besigue_observe(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int takes = observe_takes(args, nargs, "besigue_observe", "set_besigue", b_obs_type, b_fields);
    if (takes <= 0)   /* anything odd: the reference */
        return takes < 0 ? NULL : PyObject_Vectorcall(b_fallback, args, 2, NULL);
    PyObject *st = args[0], *seat = args[1];
    Py_ssize_t *off = b_fields->offsets;
    PyObject *v[B_OBS_FIELDS] = {NULL}, *facts = NULL, *out = NULL, *held = NULL, *match = NULL;
    if (*SLOT(st, off[BF_RULES]) == NULL || *SLOT(st, off[BF_N]) == NULL) {
        PyErr_SetString(PyExc_AttributeError, "a Bésigue state without its rules");
        return NULL;
    }
    long n = small_int(*SLOT(st, off[BF_N]));
    if (n < 1) {
        PyErr_SetString(PyExc_TypeError, "a Bésigue state's fields are not as expected");
        return NULL;
    }
    long at;
    if ((v[12] = viewer_legal(st, seat, n, &at, NULL)) == NULL)
        goto done;
    if (seat == Py_None)
        v[7] = Py_NewRef(Py_None);
    /* read after the call (which keeps its own caches in the state) */
    if (fields_set(st, b_fields, "Bésigue") < 0)
        goto done;
    if ((facts = table_facts_of(b_facts_of, *SLOT(st, off[BF_RULES]), BT_COUNT, &b_rules, &b_facts)) == NULL)
        goto done;
    Py_INCREF(facts);   /* held: the Python called below may observe another table */
    held = PyTuple_Pack(6, *SLOT(st, off[BF_HANDS]), *SLOT(st, off[BF_TABLED]), *SLOT(st, off[BF_TRICK]),
                        *SLOT(st, off[BF_MATCH]), *SLOT(st, off[BF_SCORES]), *SLOT(st, off[BF_HAND_POINTS]));
    if (held == NULL)
        goto done;
    PyObject *hands = PyTuple_GET_ITEM(held, 0), *tabled = PyTuple_GET_ITEM(held, 1), *trick = PyTuple_GET_ITEM(held, 2);
    match = PyTuple_GET_ITEM(held, 3);
    long phase = small_int(*SLOT(st, off[BF_PHASE])), leader = small_int(*SLOT(st, off[BF_LEADER]));
    PyObject *trump = *SLOT(st, off[BF_TRUMP]), *talon = *SLOT(st, off[BF_TALON]);
    long suit = trump == Py_None ? -1 : small_int(trump), talon_pos = small_int(*SLOT(st, off[BF_TALON_POS]));
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != n || !PyTuple_Check(tabled) || PyTuple_GET_SIZE(tabled) != n
        || !PyTuple_Check(trick) || !PyTuple_Check(talon) || phase < 0 || phase >= PyTuple_GET_SIZE(b_phase_names)
        || (trump != Py_None && (suit < 0 || suit > 3)) || talon_pos < 0) {
        PyErr_SetString(PyExc_TypeError, "a Bésigue state's fields are not as expected");
        goto done;
    }
    if (at >= 0) {   /* the seat's hand: the cards it holds less those on the table */
        PyObject *down = PyNumber_Invert(PyTuple_GET_ITEM(tabled, at));
        PyObject *bits = down == NULL ? NULL : PyNumber_And(PyTuple_GET_ITEM(hands, at), down);
        Py_XDECREF(down);
        v[7] = bits == NULL ? NULL : Py_XNewRef(seat_cardset(at, bits));
        Py_XDECREF(bits);
        if (v[7] == NULL)
            goto done;
    }
    PyObject *sizes = besigue_sizes(hands, tabled, n);
    if (sizes == NULL)
        goto done;
    v[8] = Py_NewRef(sizes);
    Py_ssize_t cards = PyTuple_GET_SIZE(trick);
    if ((v[10] = PyTuple_New(cards)) == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < cards; i++) {
        PyObject *who = PyLong_FromLong(((leader + i) % n + n) % n);
        PyObject *pair = who == NULL ? NULL : seat_card(who, PyTuple_GET_ITEM(trick, i));
        Py_XDECREF(who);
        if (pair == NULL)
            goto done;
        PyTuple_SET_ITEM(v[10], i, pair);
    }
    PyObject *marque = besigue_marque(PyTuple_GET_ITEM(held, 4), PyTuple_GET_ITEM(held, 5));
    if (marque == NULL)
        goto done;
    v[19] = Py_NewRef(marque);
    if (tabled != b_tabled || b_tabled_sets == NULL) {
        PyObject *sets = PyObject_CallOneArg(b_tabled_of, tabled);
        if (sets == NULL)
            goto done;
        Py_XSETREF(b_tabled_sets, sets);
        Py_XSETREF(b_tabled, Py_NewRef(tabled));
    }
    v[20] = Py_NewRef(b_tabled_sets);
    /* the cards played, the same CardSet while they stay the same */
    PyObject *played_set = kept_cardset(*SLOT(st, off[BF_PLAYED]), &b_played_bits, &b_played);
    if (played_set == NULL)
        goto done;
    v[25] = Py_NewRef(played_set);
    if ((v[13] = make_log_view(*SLOT(st, off[BF_LOG]), seat, *SLOT(st, off[BF_HOW]), *SLOT(st, off[BF_HAND_START])))
            == NULL
        || (v[23] = PyLong_FromSsize_t(PyTuple_GET_SIZE(talon) - talon_pos)) == NULL
        || besigue_match(match, v + 28) < 0)
        goto done;
    v[0] = Py_NewRef(k_besigue);
    v[1] = Py_NewRef(PyTuple_GET_ITEM(facts, BT_OPTIONS));
    v[2] = Py_NewRef(seat);
    v[3] = Py_NewRef(*SLOT(st, off[BF_N]));
    v[4] = Py_NewRef(PyTuple_GET_ITEM(facts, BT_SEATS));
    v[5] = Py_NewRef(PyTuple_GET_ITEM(b_phase_names, phase));
    v[6] = Py_NewRef(*SLOT(st, off[BF_TO_MOVE]));
    v[9] = Py_NewRef(suit < 0 ? Py_None : PyTuple_GET_ITEM(b_suits, suit));
    v[11] = Py_NewRef(PyTuple_GET_ITEM(held, 4));
    v[14] = Py_NewRef(*SLOT(st, off[BF_ENDED]));
    v[15] = Py_NewRef(*SLOT(st, off[BF_HAND_NO]));
    v[16] = Py_NewRef(*SLOT(st, off[BF_DEALER]));
    v[17] = Py_NewRef(*SLOT(st, off[BF_LEADER]));
    v[18] = Py_NewRef(PyTuple_GET_ITEM(facts, BT_TARGET));
    v[21] = Py_NewRef(*SLOT(st, off[BF_RETOURNE]));
    v[22] = Py_NewRef(*SLOT(st, off[BF_RETOURNE_HOLDER]));
    v[24] = Py_NewRef(*SLOT(st, off[BF_BRISQUES]));
    v[26] = Py_NewRef(*SLOT(st, off[BF_LAST_TRICK]));
    v[27] = Py_NewRef(*SLOT(st, off[BF_DECLARED]));
    out = observation_of(b_obs_type, v, B_OBS_FIELDS, &b_spares);
done:
    for (int i = 0; i < B_OBS_FIELDS; i++)
        Py_XDECREF(v[i]);
    Py_XDECREF(facts);
    Py_XDECREF(held);
    return out;
}


/* ------------------------------------------------------------------------ a Piquet position */

/* Piquet's observation (`atout/games/piquet/observation.py`: `pure_observe` is the reference). `set_piquet()`
 * hands over what it reads: the observation's type, the phases' names, the cards by id, the empty CardSet, the state's fields (a Slots of PiquetState), the way the younger looks at the cards left,
 * the function that makes the table every viewer is shown (`table_of`: once per position), and every case
 * this code does not take (the reference itself: a seat that is not an int, a state of another class). */

static PyObject *q_obs_type, *q_phase_names, *q_cards, *q_no_cards, *q_look, *q_table_of, *q_fallback;
static PyObject *q_sides, *q_name, *q_two;
static SlotsObject *q_fields;
enum { QF_GAME, QF_HANDS, QF_DISCARDS, QF_ELDER, QF_ELDER_SEEN, QF_LEFT, QF_ELDER_SAW_LEFT, QF_LEFT_MODE, QF_LEAD_CARD,
       QF_LEADER, QF_PHASE, QF_TO_MOVE, QF_SCORES, QF_HAND_START, QF_ENDED, QF_LOG, QF_HOW, QF_YOUNGER, QF_PENDING,
       QF_ASKED, QF_COMPLETE, QF_STMT, QF_ANSWERS, QF_YDECL, QF_COUNT };
static long q_play_phase = -1, q_younger_declares = -1;   /* the phases where a seat may ask the other to show */
static PyObject *q_ask_only;   /* (ASK_SHOW,) */
static Spares q_spares;        /* the observations made again in place */
static PyObject *q_discard_bits[2], *q_discard[2], *q_known_bits[2], *q_known[2];   /* each seat's, last made */
static PyObject *q_game, *q_options;   /* the last game's options */
#define Q_OBS_FIELDS 18

static PyObject *
set_piquet(PyObject *module, PyObject *args)
{
    PyObject *obs_type, *phases, *cards, *no_cards, *fields, *look, *table_of, *fallback, *sides, *ask_only;
    long play, younger_declares;
    if (!PyArg_ParseTuple(args, "O!O!O!OO!UOOO!llO!:set_piquet", &PyType_Type, &obs_type, &PyTuple_Type, &phases,
                          &PyTuple_Type, &cards, &no_cards, &SlotsType, &fields, &look, &table_of, &fallback,
                          &PyTuple_Type, &sides, &play, &younger_declares, &PyTuple_Type, &ask_only))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)obs_type, &PyTuple_Type) || PyTuple_GET_SIZE(cards) != 52
        || !slots_ready((SlotsObject *)fields) || PyTuple_GET_SIZE(((SlotsObject *)fields)->names) != QF_COUNT) {
        PyErr_SetString(PyExc_ValueError, "set_piquet: a tuple type, the 52 cards, the state's fields");
        return NULL;
    }
    if (q_name == NULL && ((q_name = PyUnicode_InternFromString("piquet")) == NULL || (q_two = PyLong_FromLong(2)) == NULL))
        return NULL;
    Py_XSETREF(q_obs_type, Py_NewRef(obs_type));
    Py_XSETREF(q_phase_names, Py_NewRef(phases));
    Py_XSETREF(q_cards, Py_NewRef(cards));
    Py_XSETREF(q_no_cards, Py_NewRef(no_cards));
    Py_XSETREF(q_fields, (SlotsObject *)Py_NewRef(fields));
    Py_XSETREF(q_look, Py_NewRef(look));
    Py_XSETREF(q_table_of, Py_NewRef(table_of));
    Py_XSETREF(q_fallback, Py_NewRef(fallback));
    Py_XSETREF(q_sides, Py_NewRef(sides));
    Py_XSETREF(q_ask_only, Py_NewRef(ask_only));
    q_play_phase = play;
    q_younger_declares = younger_declares;
    Py_CLEAR(q_game);
    Py_CLEAR(q_options);
    return Py_NewRef(Py_None);
}

/* The seat that won class `cls` of a Piquet dialogue so far (declarations.winner_of), or -1, and *size the size of
 * its holding; -2: the dialogue (the elder's statements, the younger's declarations and answers) is not as expected. */
static long
piquet_winner(PyObject *stmt, PyObject *ydecl, PyObject *answers, int cls, long elder, long younger, long *size)
{
    *size = 0;
    if (!PyTuple_Check(stmt) || PyTuple_GET_SIZE(stmt) != 3 || !PyTuple_Check(ydecl) || PyTuple_GET_SIZE(ydecl) != 3
        || !PyTuple_Check(answers) || PyTuple_GET_SIZE(answers) != 3 || !PyLong_Check(PyTuple_GET_ITEM(stmt, cls))
        || !PyLong_Check(PyTuple_GET_ITEM(ydecl, cls)) || !PyTuple_Check(PyTuple_GET_ITEM(answers, cls)))
        return -2;
    long stated = small_int(PyTuple_GET_ITEM(stmt, cls)), declared = small_int(PyTuple_GET_ITEM(ydecl, cls));
    PyObject *said = PyTuple_GET_ITEM(answers, cls);
    Py_ssize_t n = PyTuple_GET_SIZE(said);
    PyObject *last = n ? PyTuple_GET_ITEM(said, n - 1) : NULL;
    int younger_wins = 0;
    if (stated < 0)
        return -1;
    if (stated == 0)
        younger_wins = 1;
    else if (last == NULL || !PyUnicode_Check(last))
        return -1;
    else if (PyUnicode_CompareWithASCIIString(last, "good") == 0) {
        *size = stated;
        return elder;
    }
    else if (PyUnicode_CompareWithASCIIString(last, "not_good") == 0)
        younger_wins = 1;
    if (!younger_wins || declared <= 0)
        return -1;
    *size = declared;
    return younger;
}

/* Piquet's table, the part of its observation every viewer is shown (`atout/games/piquet/observation.py`:
 * `table_of` is the reference), made as the reference makes it and kept in the state's `public_cache` as it keeps
 * it: the table made for this very position; else, while the dialogue stands, its entries and what it scored
 * kept, else made here; the finished tricks shown kept while they stand, those finished since added; the deal's
 * score counted anew in C (`piquet_score`, the compiled twin of play.deal_score: the reference's tally gives the
 * same) when a trick or the card led changed. The cache this code writes holds no tally (the reference makes one
 * when it reads such a cache). A state not as expected goes to the reference. `set_piquet_table()` hands over what
 * it reads: the table's type, the steps' names, the state's fields (a Slots of PiquetState: QT_*), the finished
 * trick as the table shows it (`_shown_trick`), the cards that score when led under the rule of the ten, the empty
 * CardSet, the left mode that exposes, the reference, the class of a dialogue's entries (`ClassEntry`: the C
 * makes one itself, kept while the class's values stand), and what sequences and sets score. */

static PyObject *qt_type, *qt_step_names, *qt_no_cards, *qt_expose, *qt_fallback;
static Spares qt_spares;   /* the tables made again in place */
static PyObject *qt_sequence_points, *qt_set_points;
static PyTypeObject *qd_type;   /* the class of the dialogue's entries, a tuple's subclass */
/* Each class's last entry and what it was made of (the state's five values, held; the winner and his points): the
 * same values, the same objects, give that entry again. */
static PyObject *qd_made[3][5], *qd_entry[3];
static long qd_winner[3], qd_points[3];
static PyObject *qt_rules;   /* the last table's rules, held, and whether they play the rule of ten */
static int qt_ten;
static SlotsObject *qt_fields;
static unsigned long long qt_ten_or_higher;
static PyObject *s_ten_rule;
enum { QT_VERSION, QT_CACHE, QT_STMT, QT_TOLD, QT_ANSWERS, QT_YDECL, QT_EXTRAS, QT_COMPLETE, QT_CB_SEAT, QT_ELDER,
       QT_TRICKS, QT_LEAD_CARD, QT_LEADER, QT_RULES, QT_DEAL_NO, QT_PARTIE_DEAL, QT_DEALER, QT_TALON, QT_TPOS,
       QT_NDISC, QT_LEFT, QT_LEFT_MODE, QT_CB_CARDS, QT_STEP, QT_STEP_CLS, QT_SHOWN, QT_PENDING, QT_NAMED_SUIT,
       QT_MANCHES, QT_SETTLEMENT, QT_COUNT };
#define QT_KEY 8          /* the dialogue's key: the fields QT_STMT … QT_ELDER */
#define QT_TABLE 22       /* the table's fields */
enum { QC_VERSION, QC_TABLE, QC_KEY, QC_DIALOGUE, QC_EVENTS, QC_RAW, QC_TRICKS, QC_TALLY, QC_LEAD, QC_COUNT };
/* the table's fields read back from the last table */
enum { QTT_DIALOGUE = 9, QTT_CATEGORIES = 13, QTT_HAND_SCORES = 14, QTT_TRICKS_WON = 16 };

static PyObject *
set_piquet_table(PyObject *module, PyObject *args)
{
    PyObject *type, *steps, *fields, *ten, *no_cards, *expose, *fallback, *class_entry;
    PyObject *sequence_points, *set_points;
    if (!PyArg_ParseTuple(args, "O!O!O!O!OUOOO!O!:set_piquet_table", &PyType_Type, &type, &PyTuple_Type, &steps,
                          &SlotsType, &fields, &PyLong_Type, &ten, &no_cards, &expose, &fallback,
                          &class_entry, &PyDict_Type, &sequence_points, &PyDict_Type, &set_points))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)type, &PyTuple_Type) || !slots_ready((SlotsObject *)fields)
        || PyTuple_GET_SIZE(((SlotsObject *)fields)->names) != QT_COUNT || !PyType_Check(class_entry)
        || !PyType_IsSubtype((PyTypeObject *)class_entry, &PyTuple_Type)) {
        PyErr_SetString(PyExc_ValueError, "set_piquet_table: a tuple type, the state's fields, the entries' tuple type");
        return NULL;
    }
    unsigned long long mask = PyLong_AsUnsignedLongLong(ten);
    if (mask == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    Py_XSETREF(qt_type, Py_NewRef(type));
    Py_XSETREF(qt_step_names, Py_NewRef(steps));
    Py_XSETREF(qt_fields, (SlotsObject *)Py_NewRef(fields));
    Py_XSETREF(qt_no_cards, Py_NewRef(no_cards));
    Py_XSETREF(qt_expose, Py_NewRef(expose));
    Py_XSETREF(qt_fallback, Py_NewRef(fallback));
    Py_XSETREF(qd_type, (PyTypeObject *)Py_NewRef(class_entry));
    for (int cls = 0; cls < 3; cls++) {   /* made of another class: forgotten */
        Py_CLEAR(qd_entry[cls]);
        for (int i = 0; i < 5; i++)
            Py_CLEAR(qd_made[cls][i]);
    }
    Py_XSETREF(qt_sequence_points, Py_NewRef(sequence_points));
    Py_XSETREF(qt_set_points, Py_NewRef(set_points));
    qt_ten_or_higher = mask;
    Py_CLEAR(qt_rules);
    return Py_NewRef(Py_None);
}

/* Whether a and b are equal (the same object first); -1 with an error. */
static int
same_or_equal(PyObject *a, PyObject *b)
{
    return a == b ? 1 : PyObject_RichCompareBool(a, b, Py_EQ);
}

/* The kept tricks shown, grown by those of the finished tricks `raw` past them (each as `_shown_trick` shows it:
 * (leader, Card, Card, winner) of (leader, card id, card id, winner)): a new reference, or NULL with an error. */
static PyObject *
piquet_tricks_shown(PyObject *kept, PyObject *raw)
{
    Py_ssize_t k = PyTuple_GET_SIZE(kept), n = PyTuple_GET_SIZE(raw);
    PyObject *tricks = PyTuple_New(n);
    if (tricks == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < k; i++)
        PyTuple_SET_ITEM(tricks, i, Py_NewRef(PyTuple_GET_ITEM(kept, i)));
    for (Py_ssize_t i = k; i < n; i++) {
        PyObject *trick = PyTuple_GET_ITEM(raw, i), *shown = NULL;
        long a = -1, b = -1;
        if (PyTuple_CheckExact(trick) && PyTuple_GET_SIZE(trick) == 4) {
            a = small_int(PyTuple_GET_ITEM(trick, 1));
            b = small_int(PyTuple_GET_ITEM(trick, 2));
        }
        if (a < 0 || b < 0 || a >= PyTuple_GET_SIZE(cards_table) || b >= PyTuple_GET_SIZE(cards_table))
            PyErr_SetString(PyExc_TypeError, "a Piquet trick is not as expected");
        else
            shown = PyTuple_Pack(4, PyTuple_GET_ITEM(trick, 0), PyTuple_GET_ITEM(cards_table, a),
                                 PyTuple_GET_ITEM(cards_table, b), PyTuple_GET_ITEM(trick, 3));
        if (shown == NULL) {
            Py_DECREF(tricks);
            return NULL;
        }
        PyTuple_SET_ITEM(tricks, i, shown);
    }
    return tricks;
}

/* A pair of small counts (the hands' sizes, the tricks each seat won), one tuple per pair (made when first asked,
 * then kept): the same counts give the same object, so that the table and the position's JSON keep theirs. A new
 * reference. */
#define Q_SIZES 33
static PyObject *q_sizes[Q_SIZES][Q_SIZES];

static PyObject *
small_pair(int a, int b)
{
    PyObject **slot = a >= 0 && b >= 0 && a < Q_SIZES && b < Q_SIZES ? &q_sizes[a][b] : NULL;
    if (slot != NULL && *slot != NULL)
        return Py_NewRef(*slot);
    PyObject *n0 = PyLong_FromLong(a), *n1 = PyLong_FromLong(b);
    PyObject *pair = n0 == NULL || n1 == NULL ? NULL : PyTuple_Pack(2, n0, n1);
    Py_XDECREF(n0);
    Py_XDECREF(n1);
    if (pair != NULL && slot != NULL)
        *slot = Py_NewRef(pair);
    return pair;
}

/* The tricks each seat won, of the finished tricks `raw` (leader, lead, follow, winner): a pair, a new reference. */
static PyObject *
piquet_tricks_won(PyObject *raw)
{
    long won[2] = {0, 0};
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(raw); i++) {
        PyObject *trick = PyTuple_GET_ITEM(raw, i);
        long winner = PyTuple_Check(trick) && PyTuple_GET_SIZE(trick) == 4 ? small_int(PyTuple_GET_ITEM(trick, 3)) : -1;
        if (winner != 0 && winner != 1) {
            PyErr_SetString(PyExc_TypeError, "a Piquet trick is not as expected");
            return NULL;
        }
        won[winner]++;
    }
    return small_pair((int)won[0], (int)won[1]);
}

static PyObject *piquet_score(PyObject *module, PyObject *const *args, Py_ssize_t nargs);   /* below */

/* A class's points (declarations.class_points): the size of its holding for the point, else the holding's and
 * its extras' worth in `table` (a dict: size to points). 0 with an error, -1 without one when a size is not in it
 * (the caller hands the case to the reference, which says so). */
static int
piquet_class_points(int cls, long size, PyObject *extras, long *points)
{
    *points = size;
    if (cls == 0)
        return 1;
    PyObject *table = cls == 1 ? qt_sequence_points : qt_set_points;
    Py_ssize_t n = extras != Py_None && PyTuple_Check(extras) ? PyTuple_GET_SIZE(extras) : 0;
    if (extras != Py_None && !PyTuple_Check(extras))
        return -1;
    *points = 0;
    for (Py_ssize_t i = -1; i < n; i++) {
        PyObject *at = i < 0 ? PyLong_FromLong(size) : Py_NewRef(PyTuple_GET_ITEM(extras, i));
        PyObject *worth = at == NULL ? NULL : PyDict_GetItemWithError(table, at);
        Py_XDECREF(at);
        if (worth == NULL)
            return PyErr_Occurred() ? 0 : -1;
        long value = small_int(worth);
        if (value < 0)
            return -1;
        *points += value;
    }
    return 1;
}

/* The dialogue as spoken (a ClassEntry per class, the same object while the class's values stand) and the
 * declarations it scored, `(category, seat, points)` in their order (declarations.declared_events), as table_of
 * makes them: 1, with *dialogue and *events; 0 when the state is not as expected (the caller hands it to the
 * reference); -1 with an error. */
static int
piquet_dialogue(PyObject *st, PyObject **dialogue, PyObject **events)
{
    Py_ssize_t *off = qt_fields->offsets;
    PyObject *stmt = *SLOT(st, off[QT_STMT]), *told = *SLOT(st, off[QT_TOLD]), *answers = *SLOT(st, off[QT_ANSWERS]);
    PyObject *ydecl = *SLOT(st, off[QT_YDECL]), *extras = *SLOT(st, off[QT_EXTRAS]), *cb = *SLOT(st, off[QT_CB_SEAT]);
    long elder = small_int(*SLOT(st, off[QT_ELDER])), cb_seat = small_int(cb);
    if ((elder != 0 && elder != 1) || !PyTuple_Check(told) || PyTuple_GET_SIZE(told) != 3 || !PyTuple_Check(extras)
        || PyTuple_GET_SIZE(extras) != 3 || !PyLong_Check(cb))
        return 0;
    PyObject *entries = PyTuple_New(3), *scored = PyList_New(0);
    if (entries == NULL || scored == NULL)
        goto fail;
    if (cb_seat >= 0) {
        PyObject *event = Py_BuildValue("(iOi)", 0, cb, 10);
        if (event == NULL || PyList_Append(scored, event) < 0) {
            Py_XDECREF(event);
            goto fail;
        }
        Py_DECREF(event);
    }
    for (int cls = 0; cls < 3; cls++) {
        long size, points = 0, winner = piquet_winner(stmt, ydecl, answers, cls, elder, 1 - elder, &size);
        int got = winner == -2 ? -1 : winner >= 0 ? piquet_class_points(cls, size, PyTuple_GET_ITEM(extras, cls), &points) : 1;
        if (got <= 0) {
            Py_DECREF(entries);
            Py_DECREF(scored);
            return got == 0 ? -1 : 0;
        }
        if (winner < 0)
            points = 0;
        PyObject *number = PyLong_FromLong(cls), *seat = PyLong_FromLong(winner), *worth = PyLong_FromLong(points);
        PyObject *entry = NULL;
        PyObject *made[5] = {PyTuple_GET_ITEM(stmt, cls), PyTuple_GET_ITEM(told, cls), PyTuple_GET_ITEM(answers, cls),
                             PyTuple_GET_ITEM(ydecl, cls), PyTuple_GET_ITEM(extras, cls)};
        int same = qd_entry[cls] != NULL && qd_winner[cls] == winner && qd_points[cls] == points;
        for (int i = 0; same && i < 5; i++)
            same = made[i] == qd_made[cls][i];
        if (same)
            entry = Py_NewRef(qd_entry[cls]);
        else if (number != NULL && seat != NULL && worth != NULL) {
            PyObject *args[8] = {number, made[0], made[1], made[2], made[3], made[4], seat, worth};
            if ((entry = qd_type->tp_alloc(qd_type, 8)) != NULL) {   /* the entry's tuple, as the class makes it */
                for (int i = 0; i < 8; i++)
                    PyTuple_SET_ITEM(entry, i, Py_NewRef(args[i]));
                Py_XSETREF(qd_entry[cls], Py_NewRef(entry));
                for (int i = 0; i < 5; i++)
                    Py_XSETREF(qd_made[cls][i], Py_NewRef(made[i]));
                qd_winner[cls] = winner;
                qd_points[cls] = points;
            }
        }
        int failed = entry == NULL;
        if (!failed && winner >= 0) {
            PyObject *event = Py_BuildValue("(lll)", (long)cls + 1, winner, points);
            failed = event == NULL || PyList_Append(scored, event) < 0;
            Py_XDECREF(event);
        }
        Py_XDECREF(number);
        Py_XDECREF(seat);
        Py_XDECREF(worth);
        if (failed) {
            Py_XDECREF(entry);
            goto fail;
        }
        PyTuple_SET_ITEM(entries, cls, entry);
    }
    *dialogue = entries;
    *events = scored;
    return 1;
fail:
    Py_XDECREF(entries);
    Py_XDECREF(scored);
    return -1;
}

/* piquet_table(state): the table every viewer is shown, as table_of makes it. */
static PyObject *
piquet_table(PyObject *module, PyObject *st)
{
    if (qt_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups: set_piquet_table() first");
        return NULL;
    }
    if (!Py_IS_TYPE(st, qt_fields->owner) || fields_set(st, qt_fields, "Piquet") < 0) {
        PyErr_Clear();
        return PyObject_CallOneArg(qt_fallback, st);
    }
    Py_ssize_t *off = qt_fields->offsets;
    PyObject *version = *SLOT(st, off[QT_VERSION]), *cached = *SLOT(st, off[QT_CACHE]), *last = NULL;
    PyObject *raw = *SLOT(st, off[QT_TRICKS]);
    int same, kept = 0;
    if (!PyTuple_CheckExact(raw))
        return PyObject_CallOneArg(qt_fallback, st);
    if (cached != Py_None) {   /* the table kept, made for this very position, or for one where the dialogue stood so */
        if (!PyTuple_CheckExact(cached) || PyTuple_GET_SIZE(cached) != QC_COUNT)
            return PyObject_CallOneArg(qt_fallback, st);
        if ((same = same_or_equal(PyTuple_GET_ITEM(cached, QC_VERSION), version)) != 0)
            return same < 0 ? NULL : Py_NewRef(PyTuple_GET_ITEM(cached, QC_TABLE));
        PyObject *kept_key = PyTuple_GET_ITEM(cached, QC_KEY);
        last = PyTuple_GET_ITEM(cached, QC_TABLE);
        if (!PyTuple_CheckExact(kept_key) || PyTuple_GET_SIZE(kept_key) != QT_KEY
            || !Py_IS_TYPE(last, (PyTypeObject *)qt_type) || PyTuple_GET_SIZE(last) != QT_TABLE)
            return PyObject_CallOneArg(qt_fallback, st);
        kept = 1;
        for (int i = 0; i < QT_KEY && kept; i++)
            if ((kept = same_or_equal(*SLOT(st, off[QT_STMT + i]), PyTuple_GET_ITEM(kept_key, i))) < 0)
                return NULL;
    }
    /* what this call reads, held: the Python it calls (a class entry made) may run anything */
    PyObject *v[QT_TABLE] = {NULL}, *key = NULL, *tricks = NULL, *lead = NULL, *categories = NULL, *totals = NULL;
    PyObject *won = NULL, *out = NULL, *store = NULL, *dialogue = NULL, *events = NULL;
    PyObject *kept_tricks = empty_tuple;   /* borrowed: the finished tricks shown, kept */
    Py_INCREF(cached);
    Py_INCREF(raw);
    if (kept) {   /* the dialogue stands; the tricks shown too when the finished ones begin with those */
        dialogue = Py_NewRef(PyTuple_GET_ITEM(cached, QC_DIALOGUE));
        events = Py_NewRef(PyTuple_GET_ITEM(cached, QC_EVENTS));
        PyObject *done = PyTuple_GET_ITEM(cached, QC_RAW), *old = PyTuple_GET_ITEM(cached, QC_TRICKS);
        Py_ssize_t k = PyTuple_CheckExact(done) ? PyTuple_GET_SIZE(done) : -1;
        if (PyTuple_CheckExact(old) && PyTuple_GET_SIZE(old) == k && k <= PyTuple_GET_SIZE(raw)
            && (k == 0 || PyTuple_GET_ITEM(raw, k - 1) == PyTuple_GET_ITEM(done, k - 1)))
            kept_tricks = old;
    }
    else {
        int taken = piquet_dialogue(st, &dialogue, &events);
        if (taken <= 0) {
            if (taken == 0)
                out = PyObject_CallOneArg(qt_fallback, st);
            goto done;
        }
    }
    int ten = qt_ten;
    if (*SLOT(st, off[QT_RULES]) != qt_rules) {   /* another table's rules: whether they play the rule of ten */
        PyObject *ten_rule = PyObject_GetAttr(*SLOT(st, off[QT_RULES]), s_ten_rule);
        ten = ten_rule == NULL ? -1 : PyObject_IsTrue(ten_rule);
        Py_XDECREF(ten_rule);
        if (ten < 0)
            goto done;
        if (fields_set(st, qt_fields, "Piquet") < 0)   /* the Python called may run anything */
            goto done;
        Py_XSETREF(qt_rules, Py_NewRef(*SLOT(st, off[QT_RULES])));
        qt_ten = ten;
    }
    if (PyTuple_GET_SIZE(kept_tricks) < PyTuple_GET_SIZE(raw)) {
        if ((tricks = piquet_tricks_shown(kept_tricks, raw)) == NULL)
            goto done;
    }
    else
        tricks = Py_NewRef(kept_tricks);
    long lead_card = small_int(*SLOT(st, off[QT_LEAD_CARD]));
    PyObject *leader = *SLOT(st, off[QT_LEADER]);
    if (lead_card < -1 || lead_card >= 64) {
        PyErr_SetString(PyExc_TypeError, "a Piquet state's card led is not as expected");
        goto done;
    }
    PyObject *was_lead = kept ? PyTuple_GET_ITEM(cached, QC_LEAD) : NULL;
    int lead_same = kept && (lead_card < 0 ? was_lead == Py_None
                             : PyTuple_CheckExact(was_lead) && PyTuple_GET_SIZE(was_lead) == 2
                               && PyTuple_GET_ITEM(was_lead, 0) == leader
                               && PyTuple_GET_ITEM(was_lead, 1) == *SLOT(st, off[QT_LEAD_CARD]));
    if (lead_same)   /* the same seat led the same card object: the kept lead */
        lead = Py_NewRef(was_lead);
    else if ((lead = lead_card >= 0 ? PyTuple_Pack(2, leader, *SLOT(st, off[QT_LEAD_CARD])) : Py_NewRef(Py_None)) == NULL)
        goto done;
    else if (kept && (lead_same = same_or_equal(lead, was_lead)) < 0)
        goto done;
    if (kept && tricks == PyTuple_GET_ITEM(cached, QC_TRICKS) && lead_same) {   /* no trick, no lead since: the same score */
        categories = Py_NewRef(PyTuple_GET_ITEM(last, QTT_CATEGORIES));
        totals = Py_NewRef(PyTuple_GET_ITEM(last, QTT_HAND_SCORES));
        won = Py_NewRef(PyTuple_GET_ITEM(last, QTT_TRICKS_WON));
    }
    else {
        PyObject *asked = Py_None, *score;
        if (lead_card >= 0) {
            long points = ten ? (long)(qt_ten_or_higher >> lead_card & 1) : 1;
            PyObject *scored = PyLong_FromLong(points);
            asked = scored == NULL ? NULL : PyTuple_Pack(2, leader, scored);
            Py_XDECREF(scored);
            if (asked == NULL)
                goto done;
        }
        else
            Py_INCREF(asked);
        /* the deal's score counted anew in C (play.deal_score, compiled): the declarations, the finished tricks,
         * the card led */
        PyObject *args[6] = {*SLOT(st, off[QT_ELDER]), events, raw, ten ? Py_True : Py_False, asked,
                             *SLOT(st, off[QT_COMPLETE])};
        score = piquet_score(NULL, args, 6);
        Py_DECREF(asked);
        if (score == NULL)
            goto done;
        if (!PyTuple_Check(score) || PyTuple_GET_SIZE(score) < 2) {
            Py_DECREF(score);
            PyErr_SetString(PyExc_TypeError, "a Piquet deal's score is not as expected");
            goto done;
        }
        categories = Py_NewRef(PyTuple_GET_ITEM(score, 0));
        totals = Py_NewRef(PyTuple_GET_ITEM(score, 1));
        Py_DECREF(score);
        if ((won = piquet_tricks_won(raw)) == NULL)
            goto done;
    }
    if (last != NULL) {   /* a value equal to the last table's is given as that very object: its JSON is kept */
        if ((same = same_or_equal(dialogue, PyTuple_GET_ITEM(last, QTT_DIALOGUE))) < 0)
            goto done;
        if (same)
            Py_SETREF(dialogue, Py_NewRef(PyTuple_GET_ITEM(last, QTT_DIALOGUE)));
        /* the points and the tricks won need no comparing: piquet_score and small_pair give the same values as
         * the very objects they gave last */
    }
    v[9] = Py_NewRef(dialogue);
    /* the table's other fields, read now (the Python called above may run anything) */
    if (fields_set(st, qt_fields, "Piquet") < 0)
        goto done;
    PyObject *talon = *SLOT(st, off[QT_TALON]), *left = *SLOT(st, off[QT_LEFT]);
    long step = small_int(*SLOT(st, off[QT_STEP]));
    if (step < 0 || step >= PyTuple_GET_SIZE(qt_step_names)) {
        PyErr_SetString(PyExc_TypeError, "a Piquet state's step is not as expected");
        goto done;
    }
    int has_talon = PyObject_IsTrue(talon), has_left = PyObject_IsTrue(left);
    if (has_talon < 0 || has_left < 0)
        goto done;
    if (has_talon) {
        Py_ssize_t size = PyObject_Length(talon);
        PyObject *length = size < 0 ? NULL : PyLong_FromSsize_t(size);
        v[4] = length == NULL ? NULL : PyNumber_Subtract(length, *SLOT(st, off[QT_TPOS]));
        Py_XDECREF(length);
    }
    else
        v[4] = PyLong_FromLong(0);
    if (v[4] == NULL)
        goto done;
    int exposed = 0;
    if (has_left && (exposed = PyObject_RichCompareBool(*SLOT(st, off[QT_LEFT_MODE]), qt_expose, Py_EQ)) < 0)
        goto done;
    if ((v[6] = has_left && exposed ? cardset_of(left) : Py_NewRef(qt_no_cards)) == NULL)
        goto done;
    v[0] = Py_NewRef(*SLOT(st, off[QT_DEAL_NO]));
    v[1] = Py_NewRef(*SLOT(st, off[QT_PARTIE_DEAL]));
    v[2] = Py_NewRef(*SLOT(st, off[QT_DEALER]));
    v[3] = Py_NewRef(*SLOT(st, off[QT_ELDER]));
    v[5] = Py_NewRef(*SLOT(st, off[QT_NDISC]));
    v[7] = Py_NewRef(*SLOT(st, off[QT_CB_SEAT]));
    v[8] = Py_NewRef(*SLOT(st, off[QT_CB_CARDS]));
    v[10] = Py_NewRef(PyTuple_GET_ITEM(qt_step_names, step));
    v[11] = Py_NewRef(*SLOT(st, off[QT_STEP_CLS]));
    v[12] = Py_NewRef(*SLOT(st, off[QT_COMPLETE]));
    v[13] = categories;
    v[14] = totals;
    v[15] = Py_NewRef(tricks);
    v[16] = won;
    categories = totals = won = NULL;
    v[17] = Py_NewRef(*SLOT(st, off[QT_SHOWN]));
    v[18] = Py_NewRef(*SLOT(st, off[QT_PENDING]));
    v[19] = Py_NewRef(*SLOT(st, off[QT_NAMED_SUIT]));
    v[20] = Py_NewRef(*SLOT(st, off[QT_MANCHES]));
    v[21] = Py_NewRef(*SLOT(st, off[QT_SETTLEMENT]));
    if ((out = observation_of(qt_type, v, QT_TABLE, &qt_spares)) == NULL)
        goto done;
    if (kept)   /* the dialogue's key kept: its fields are equal */
        key = Py_NewRef(PyTuple_GET_ITEM(cached, QC_KEY));
    else if ((key = PyTuple_New(QT_KEY)) != NULL)
        for (int i = 0; i < QT_KEY; i++)
            PyTuple_SET_ITEM(key, i, Py_NewRef(*SLOT(st, off[QT_STMT + i])));
    if (key == NULL || (store = PyTuple_New(QC_COUNT)) == NULL) {
        Py_CLEAR(out);
        goto done;
    }
    PyObject *parts[QC_COUNT] = {version, out, key, dialogue, events, raw, tricks, Py_None, lead};   /* no tally */
    for (int i = 0; i < QC_COUNT; i++)
        PyTuple_SET_ITEM(store, i, Py_NewRef(parts[i]));
    Py_XSETREF(*SLOT(st, off[QT_CACHE]), store);
    store = NULL;
done:
    for (int i = 0; i < QT_TABLE; i++)
        Py_XDECREF(v[i]);
    Py_XDECREF(key);
    Py_XDECREF(store);
    Py_XDECREF(tricks);
    Py_XDECREF(lead);
    Py_XDECREF(categories);
    Py_XDECREF(totals);
    Py_XDECREF(won);
    Py_XDECREF(dialogue);
    Py_XDECREF(events);
    Py_DECREF(raw);
    Py_DECREF(cached);
    return out;
}

/* The legal actions of seat `s` (0 or 1) as PiquetState.legal_actions lists them: its moves when it is to move,
 * then the request to show when it may ask (declarations.may_ask), the opponent having scored in the dialogue.
 * NULL: with an error, or without one when this code does not take the case (the partie over, a state not as
 * expected: the caller asks the Python). */
static PyObject *
piquet_legal(PyObject *st, long s)
{
    Py_ssize_t *off = q_fields->offsets;
    if (*SLOT(st, off[QF_ENDED]) != Py_None)
        return NULL;
    long elder = small_int(*SLOT(st, off[QF_ELDER])), younger = small_int(*SLOT(st, off[QF_YOUNGER]));
    long phase = small_int(*SLOT(st, off[QF_PHASE])), to_move = small_int(*SLOT(st, off[QF_TO_MOVE]));
    PyObject *asked = *SLOT(st, off[QF_ASKED]);
    if ((elder != 0 && elder != 1) || younger != 1 - elder || !PyTuple_Check(asked) || PyTuple_GET_SIZE(asked) != 2
        || !PyLong_Check(*SLOT(st, off[QF_PENDING])))
        return NULL;
    long holder = s == younger ? elder : younger;
    int may = 0;
    if (small_int(*SLOT(st, off[QF_PENDING])) < 0 && (phase == q_play_phase || phase == q_younger_declares)) {
        int shown = PyObject_IsTrue(PyTuple_GET_ITEM(asked, holder)), complete = PyObject_IsTrue(*SLOT(st, off[QF_COMPLETE]));
        if (shown < 0 || complete < 0)
            return NULL;
        if (!shown && (holder != younger || complete))
            for (int cls = 0; cls < 3 && !may; cls++) {
                long size, winner = piquet_winner(*SLOT(st, off[QF_STMT]), *SLOT(st, off[QF_YDECL]),
                                                  *SLOT(st, off[QF_ANSWERS]), cls, elder, younger, &size);
                if (winner == -2)
                    return NULL;
                may = winner == holder;
            }
    }
    PyObject *talk = may ? q_ask_only : empty_tuple;
    if (s != to_move)
        return Py_NewRef(talk);
    PyObject *moves = PyObject_CallMethodNoArgs(st, s_moves);
    if (moves == NULL || !may)
        return moves;
    PyObject *out = PySequence_Concat(moves, talk);
    Py_DECREF(moves);
    return out;
}

/* piquet_observe(state, seat): the observation of `seat` (None: a spectator), as pure_observe makes it. */
static PyObject *
piquet_observe(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int takes = observe_takes(args, nargs, "piquet_observe", "set_piquet", q_obs_type, q_fields);
    if (takes <= 0)   /* anything odd: the reference */
        return takes < 0 ? NULL : PyObject_Vectorcall(q_fallback, args, 2, NULL);
    PyObject *st = args[0], *seat = args[1];
    Py_ssize_t *off = q_fields->offsets;
    PyObject *v[Q_OBS_FIELDS] = {NULL}, *out = NULL;
    long s = -1;
    if (seat == Py_None) {
        v[7] = Py_NewRef(Py_None);
        v[15] = Py_NewRef(Py_None);
        v[12] = PyTuple_New(0);
    }
    else {
        s = PyLong_AsLong(seat);
        if (s != 0 && s != 1) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "no seat %R at this table (seats 0 and 1)", seat);
            return NULL;
        }
        if (fields_set(st, q_fields, "Piquet") < 0)
            goto done;
        if ((v[12] = piquet_legal(st, s)) == NULL
            && (PyErr_Occurred() || (v[12] = PyObject_CallMethodOneArg(st, s_legal_actions, seat)) == NULL))
            goto done;
    }
    /* read after the calls (which keep their own caches in the state) */
    if (fields_set(st, q_fields, "Piquet") < 0)
        goto done;
    if ((v[17] = PyObject_CallOneArg(q_table_of, st)) == NULL)   /* Python: read the fields after it */
        goto done;
    PyObject *game = *SLOT(st, off[QF_GAME]);
    if (game != q_game || q_options == NULL) {
        PyObject *options = PyObject_GetAttr(game, k_options);
        if (options == NULL)
            goto done;
        Py_XSETREF(q_options, options);
        Py_XSETREF(q_game, Py_NewRef(game));
    }
    PyObject *hands = *SLOT(st, off[QF_HANDS]), *discards = *SLOT(st, off[QF_DISCARDS]);
    long phase = small_int(*SLOT(st, off[QF_PHASE])), lead = small_int(*SLOT(st, off[QF_LEAD_CARD]));
    int ok = PyTuple_Check(hands) && PyTuple_GET_SIZE(hands) == 2 && PyTuple_Check(discards)
             && PyTuple_GET_SIZE(discards) == 2 && phase >= 0 && phase < PyTuple_GET_SIZE(q_phase_names)
             && PyLong_Check(*SLOT(st, off[QF_LEAD_CARD])) && lead >= -1 && lead < 52;
    unsigned long long h0 = ok ? mask_of(PyTuple_GET_ITEM(hands, 0), &ok) : 0;
    unsigned long long h1 = ok ? mask_of(PyTuple_GET_ITEM(hands, 1), &ok) : 0;
    if (!ok) {
        PyErr_SetString(PyExc_TypeError, "a Piquet state's fields are not as expected");
        goto done;
    }
    if (s >= 0) {   /* the seat's hand, its écart, and the cards of the talon it has seen */
        unsigned long long known = 0, left = mask_of(*SLOT(st, off[QF_LEFT]), &ok);
        if (s == small_int(*SLOT(st, off[QF_ELDER]))) {
            int saw = PyObject_IsTrue(*SLOT(st, off[QF_ELDER_SAW_LEFT]));
            known = mask_of(*SLOT(st, off[QF_ELDER_SEEN]), &ok) | (saw > 0 ? left : 0);
            if (saw < 0)
                goto done;
        }
        else {
            int look = PyObject_RichCompareBool(*SLOT(st, off[QF_LEFT_MODE]), q_look, Py_EQ);
            if (look < 0)
                goto done;
            known = look ? left : 0;
        }
        if (!ok) {
            PyErr_SetString(PyExc_TypeError, "a Piquet state's cards are not as expected");
            goto done;
        }
        /* a seat's discard and the cards it knows change a few times a deal: the same CardSet while they stay,
         * so that the position's JSON keeps theirs */
        PyObject *known_bits = known ? PyLong_FromUnsignedLongLong(known) : NULL;
        if (known && known_bits == NULL)
            goto done;
        v[16] = known ? Py_XNewRef(kept_cardset(known_bits, &q_known_bits[s], &q_known[s])) : Py_NewRef(q_no_cards);
        Py_XDECREF(known_bits);
        if ((v[7] = Py_XNewRef(seat_cardset(s, PyTuple_GET_ITEM(hands, s)))) == NULL || v[16] == NULL
            || (v[15] = Py_XNewRef(kept_cardset(PyTuple_GET_ITEM(discards, s), &q_discard_bits[s], &q_discard[s]))) == NULL)
            goto done;
    }
    else
        v[16] = Py_NewRef(q_no_cards);
    if ((v[8] = small_pair(__builtin_popcountll(h0), __builtin_popcountll(h1))) == NULL)
        goto done;
    if (lead >= 0) {
        PyObject *pair = seat_card(*SLOT(st, off[QF_LEADER]), PyTuple_GET_ITEM(q_cards, lead));
        v[10] = pair == NULL ? NULL : PyTuple_Pack(1, pair);
        Py_XDECREF(pair);
    }
    else
        v[10] = PyTuple_New(0);
    if (v[10] == NULL
        || (v[13] = make_log_view(*SLOT(st, off[QF_LOG]), seat, *SLOT(st, off[QF_HOW]), *SLOT(st, off[QF_HAND_START])))
            == NULL)
        goto done;
    v[0] = Py_NewRef(q_name);
    v[1] = Py_NewRef(q_options);
    v[2] = Py_NewRef(seat);
    v[3] = Py_NewRef(q_two);
    v[4] = Py_NewRef(q_sides);
    v[5] = Py_NewRef(PyTuple_GET_ITEM(q_phase_names, phase));
    v[6] = Py_NewRef(*SLOT(st, off[QF_TO_MOVE]));
    v[9] = Py_NewRef(Py_None);
    v[11] = Py_NewRef(*SLOT(st, off[QF_SCORES]));
    v[14] = Py_NewRef(*SLOT(st, off[QF_ENDED]));
    out = observation_of(q_obs_type, v, Q_OBS_FIELDS, &q_spares);
done:
    for (int i = 0; i < Q_OBS_FIELDS; i++)
        Py_XDECREF(v[i]);
    return out;
}


/* ------------------------------------------------------------------------ a Piquet deal's score */

/* `piquet_score(elder, declared, tricks, rule_ten, lead, complete)`: what `pure_deal_score` gives
 * (`atout/games/piquet/play.py`: the deal's score from its declarations and its finished tricks as the
 * table keeps them, counted as `pic.Tally` counts them, the elder's pic and repic included).
 * `set_piquet_score()` hands over the HandScore type, the cards that score under the rule of ten and the
 * reference, which takes anything this code does not (a value that is not a small int where one is due, a
 * seat that is not 0 or 1, a card past 63). */

static PyObject *ps_type, *ps_fallback;
static unsigned long long ps_ten_or_higher;
#define PS_CATEGORIES 9
enum { PS_REPIC = 4, PS_PIC = 5, PS_PLAY = 6, PS_CARDS = 7, PS_CAPOT = 8 };

static PyObject *
set_piquet_score(PyObject *module, PyObject *args)
{
    PyObject *type, *fallback;
    if (!PyArg_ParseTuple(args, "O!KO:set_piquet_score", &PyType_Type, &type, &ps_ten_or_higher, &fallback))
        return NULL;
    Py_XSETREF(ps_type, Py_NewRef(type));
    Py_XSETREF(ps_fallback, Py_NewRef(fallback));
    return Py_NewRef(Py_None);
}

typedef struct {
    long cats[2][PS_CATEGORIES], total[2], won[2];
    int elder, younger, pic, repic, pic_open, tricks;
} Tally;

/* The last call's tally of the declarations, then of its tricks too, and those tricks (held), counted with
 * the ten rule or not: piquet_score takes that tally up again. */
static Tally ps_declared, ps_counted;
static PyObject *ps_tricks;
static int ps_ten;
/* The last rows of points made (each seat's, the pair) and the last totals, with their values: the same points
 * give the same objects, so that the table keeps them and the position's JSON keeps theirs. */
static PyObject *ps_rows[2], *ps_categories, *ps_totals;
static long ps_row_points[2][PS_CATEGORIES], ps_total_points[2];

/* Every row of points made, by its values (open addressing; emptied when half full): the same points, the same row
 * object, whichever deal or table they come from, so that its JSON is found by the row's address. */
#define PS_ROW_SLOTS 8192
typedef struct { long points[PS_CATEGORIES]; PyObject *row; } RowSlot;
static RowSlot *ps_row_slots;
static Py_ssize_t ps_row_used;

/* The row of `points`: a new reference, or NULL with an error. */
static PyObject *
points_row(const long *points)
{
    if (ps_row_slots == NULL && (ps_row_slots = PyMem_Calloc(PS_ROW_SLOTS, sizeof(RowSlot))) == NULL)
        return PyErr_NoMemory();
    unsigned long long h = 0;
    for (int c = 0; c < PS_CATEGORIES; c++)
        h = (h ^ (unsigned long long)points[c]) * 0x100000001B3ull;
    size_t at = (size_t)(h >> 40) & (PS_ROW_SLOTS - 1);
    for (; ps_row_slots[at].row != NULL; at = (at + 1) & (PS_ROW_SLOTS - 1))
        if (memcmp(ps_row_slots[at].points, points, sizeof ps_row_slots[at].points) == 0)
            return Py_NewRef(ps_row_slots[at].row);
    PyObject *row = PyTuple_New(PS_CATEGORIES);
    for (int c = 0; row != NULL && c < PS_CATEGORIES; c++) {
        PyObject *value = PyLong_FromLong(points[c]);
        if (value == NULL)
            Py_CLEAR(row);
        else
            PyTuple_SET_ITEM(row, c, value);
    }
    if (row == NULL)
        return NULL;
    if (ps_row_used >= PS_ROW_SLOTS / 2) {   /* full: emptied (a tuple of ints let go runs no Python), then kept */
        for (int i = 0; i < PS_ROW_SLOTS; i++)
            Py_XDECREF(ps_row_slots[i].row);
        memset(ps_row_slots, 0, PS_ROW_SLOTS * sizeof(RowSlot));
        ps_row_used = 0;
        at = (size_t)(h >> 40) & (PS_ROW_SLOTS - 1);
    }
    memcpy(ps_row_slots[at].points, points, sizeof ps_row_slots[at].points);
    ps_row_slots[at].row = Py_NewRef(row);
    ps_row_used++;
    return row;
}

/* `points` made in play by `seat` counted into `cats` and `total` (the tally's or copies); whether they
 * make the elder's pic, which is then counted too (Tally._count). */
static int
tally_count(const Tally *t, long cats[2][PS_CATEGORIES], long *total, int seat, long points)
{
    cats[seat][PS_PLAY] += points;
    total[seat] += points;
    if (points && t->pic_open && seat != t->younger && total[seat] >= 30) {
        total[seat] += 30;
        cats[seat][PS_PIC] = 30;
        return 1;
    }
    return 0;
}

/* Tally.play */
static void
tally_play(Tally *t, int seat, long points)
{
    if (tally_count(t, t->cats, t->total, seat, points)) {
        t->pic = seat;
        t->pic_open = 0;
    }
    else if (points && seat == t->younger)
        t->pic_open = 0;
}

/* A small int's value into *value (a Card, a bool: an int too, as Python reads them); 0 when it is not one. */
static int
small_into(PyObject *value, long *out)
{
    if (!PyLong_Check(value))
        return 0;
    if (compact_int(value, out))
        return 1;
    int overflow = 0;
    *out = PyLong_AsLongAndOverflow(value, &overflow);
    return !overflow && !(*out == -1 && PyErr_Occurred()) && *out > -(1L << 40) && *out < (1L << 40);
}

/* Item i of a tuple of n small ints into out; 0 when it is not one. */
static int
small_items(PyObject *tuple, Py_ssize_t n, long *out)
{
    if (!PyTuple_CheckExact(tuple) || PyTuple_GET_SIZE(tuple) != n)
        return 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (!small_into(PyTuple_GET_ITEM(tuple, i), out + i))
            return 0;
    return 1;
}

static PyObject *
piquet_score(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (ps_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups: set_piquet_score() first");
        return NULL;
    }
    if (nargs != 6)
        return PyObject_Vectorcall(ps_fallback, args, nargs, NULL);
    PyObject *declared = args[1], *tricks = args[2], *lead = args[4];
    long elder, lead_pair[2] = {0, 0};
    int complete = args[5] == Py_True ? 1 : args[5] == Py_False ? 0 : -1;
    int ten = args[3] == Py_True ? 1 : args[3] == Py_False ? 0 : -1;
    if (!small_into(args[0], &elder) || (elder != 0 && elder != 1) || complete < 0 || ten < 0
        || !PyTuple_CheckExact(tricks) || !(PyList_CheckExact(declared) || PyTuple_CheckExact(declared))
        || (lead != Py_None && (!small_items(lead, 2, lead_pair) || (lead_pair[0] != 0 && lead_pair[0] != 1))))
        return PyObject_Vectorcall(ps_fallback, args, nargs, NULL);
    unsigned long long scoring = ten ? ps_ten_or_higher : ~0ULL;   /* the cards that score a point */
    Tally t;
    memset(&t, 0, sizeof t);
    t.elder = (int)elder;
    t.younger = elder == 0 ? 1 : 0;
    t.pic = t.repic = -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(declared);
    for (Py_ssize_t i = 0; i < n; i++) {   /* the declarations, in the order of precedence */
        long event[3];
        if (!small_items(PySequence_Fast_GET_ITEM(declared, i), 3, event) || event[0] < 0 || event[0] >= PS_CATEGORIES
            || (event[1] != 0 && event[1] != 1))
            return PyObject_Vectorcall(ps_fallback, args, nargs, NULL);
        int seat = (int)event[1], other = seat == t.elder ? t.younger : t.elder;
        t.cats[seat][event[0]] += event[2];
        t.total[seat] += event[2];
        if (complete && t.repic < 0 && t.total[seat] >= 30 && t.total[other] == 0) {
            t.total[seat] += 60;
            t.cats[seat][PS_REPIC] = 60;
            t.repic = seat;
        }
    }
    t.pic_open = complete && t.repic < 0 && t.total[t.younger] == 0;
    Py_ssize_t count = PyTuple_GET_SIZE(tricks), i = 0;
    /* the tally of the tricks counted by the last call taken up again when the declarations tally the same
     * and those tricks begin these (the very same tuples: a deal's tricks only grow) */
    Py_ssize_t k = ps_tricks == NULL ? 0 : PyTuple_GET_SIZE(ps_tricks);
    int resumed = k > 0 && k <= count && ten == ps_ten && memcmp(&t, &ps_declared, sizeof t) == 0;
    for (Py_ssize_t j = k - 1; resumed && j >= 0; j--)
        resumed = PyTuple_GET_ITEM(tricks, j) == PyTuple_GET_ITEM(ps_tricks, j);
    Tally told = t;
    if (resumed) {
        t = ps_counted;
        i = k;
    }
    for (; i < count; i++) {   /* the tricks, in order (Tally.trick) */
        long trick[4];
        if (!small_items(PyTuple_GET_ITEM(tricks, i), 4, trick) || (trick[0] != 0 && trick[0] != 1)
            || (trick[3] != 0 && trick[3] != 1) || trick[1] < 0 || trick[1] > 63 || trick[2] < 0 || trick[2] > 63)
            return PyObject_Vectorcall(ps_fallback, args, nargs, NULL);
        int leader = (int)trick[0], winner = (int)trick[3];
        tally_play(&t, leader, (long)(scoring >> trick[1] & 1));
        if (winner != leader)
            tally_play(&t, winner, (long)(scoring >> trick[2] & 1));
        if (++t.tricks == 12)
            tally_play(&t, winner, 1);
        t.won[winner]++;
    }
    ps_declared = told;
    ps_counted = t;
    ps_ten = ten;
    Py_XSETREF(ps_tricks, Py_NewRef(tricks));
    /* the result (Tally.result): the lead in progress and the cards or the capot counted in copies */
    long cats[2][PS_CATEGORIES], total[2] = {t.total[0], t.total[1]};
    memcpy(cats, t.cats, sizeof cats);
    int pic = t.pic;
    if (lead != Py_None && lead_pair[1] && tally_count(&t, cats, total, (int)lead_pair[0], lead_pair[1]))
        pic = (int)lead_pair[0];
    if (t.tricks == 12)
        for (int seat = 0; seat < 2; seat++) {
            if (t.won[seat] == 12) {
                cats[seat][PS_CAPOT] = 40;
                total[seat] += 40;
            }
            else if (t.won[seat] * 2 > 12) {
                cats[seat][PS_CARDS] = 10;
                total[seat] += 10;
            }
        }
    PyObject *rows[2] = {NULL, NULL}, *out = NULL, *categories = NULL, *totals = NULL, *t0 = NULL, *t1 = NULL;
    for (int seat = 0; seat < 2; seat++) {   /* a seat's row as the last one while its points are the same */
        if (ps_rows[seat] != NULL && memcmp(cats[seat], ps_row_points[seat], sizeof cats[seat]) == 0) {
            rows[seat] = Py_NewRef(ps_rows[seat]);
            continue;
        }
        rows[seat] = points_row(cats[seat]);
        if (rows[seat] != NULL) {
            Py_XSETREF(ps_rows[seat], Py_NewRef(rows[seat]));
            memcpy(ps_row_points[seat], cats[seat], sizeof cats[seat]);
        }
    }
    if (rows[0] && rows[1]) {   /* and the pair of rows, and of totals, as the last ones while they are the same */
        if (ps_categories != NULL && PyTuple_GET_ITEM(ps_categories, 0) == rows[0]
                && PyTuple_GET_ITEM(ps_categories, 1) == rows[1])
            categories = Py_NewRef(ps_categories);
        else if ((categories = PyTuple_Pack(2, rows[0], rows[1])) != NULL)
            Py_XSETREF(ps_categories, Py_NewRef(categories));
    }
    if (ps_totals != NULL && total[0] == ps_total_points[0] && total[1] == ps_total_points[1])
        totals = Py_NewRef(ps_totals);
    else if ((t0 = PyLong_FromLong(total[0])) != NULL && (t1 = PyLong_FromLong(total[1])) != NULL
             && (totals = PyTuple_Pack(2, t0, t1)) != NULL) {
        Py_XSETREF(ps_totals, Py_NewRef(totals));
        ps_total_points[0] = total[0];
        ps_total_points[1] = total[1];
    }
    PyObject *p = PyLong_FromLong(pic), *r = PyLong_FromLong(t.repic);
    if (categories != NULL && totals != NULL && p != NULL && r != NULL
        && (out = ((PyTypeObject *)ps_type)->tp_alloc((PyTypeObject *)ps_type, 4)) != NULL) {
        PyTuple_SET_ITEM(out, 0, Py_NewRef(categories));
        PyTuple_SET_ITEM(out, 1, Py_NewRef(totals));
        PyTuple_SET_ITEM(out, 2, Py_NewRef(p));
        PyTuple_SET_ITEM(out, 3, Py_NewRef(r));
    }
    Py_XDECREF(rows[0]);
    Py_XDECREF(rows[1]);
    Py_XDECREF(categories);
    Py_XDECREF(t0);
    Py_XDECREF(t1);
    Py_XDECREF(totals);
    Py_XDECREF(p);
    Py_XDECREF(r);
    return out;
}


/* ------------------------------------------------------------------------------------ State.apply */

/* What `base_apply` reads (`set_apply`): atout.history's CARD_BYTES, CARD_CODE, NARROW_CODE and SEAT_CODE,
 * and atout.game.ANCHOR_MASK. */
static PyObject *ba_card_bytes, *ba_card_code, *ba_narrow, *ba_seat_code;
static long ba_anchor_mask = -1;
static PyObject *ba_zero, *ba_one;

static PyObject *
set_apply(PyObject *module, PyObject *args)
{
    PyObject *card_bytes, *card_code, *narrow, *seat_code;
    long mask;
    if (!PyArg_ParseTuple(args, "O!O!O!O!l:set_apply", &PyTuple_Type, &card_bytes, &PyTuple_Type, &card_code,
                          &PyDict_Type, &narrow, &PyTuple_Type, &seat_code, &mask))
        return NULL;
    Py_XSETREF(ba_card_bytes, Py_NewRef(card_bytes));
    Py_XSETREF(ba_card_code, Py_NewRef(card_code));
    Py_XSETREF(ba_narrow, Py_NewRef(narrow));
    Py_XSETREF(ba_seat_code, Py_NewRef(seat_code));
    if (ba_zero == NULL && ((ba_zero = PyLong_FromLong(0)) == NULL || (ba_one = PyLong_FromLong(1)) == NULL))
        return NULL;
    ba_anchor_mask = mask;
    Py_RETURN_NONE;
}

/* state.<name>(a, b): 0, or -1 on an error. */
static int
call_method2(PyObject *state, PyObject *name, PyObject *a, PyObject *b)
{
    PyObject *args[3] = {state, a, b};
    PyObject *done = PyObject_VectorcallMethod(name, args, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    Py_XDECREF(done);
    return done == NULL ? -1 : 0;
}

/* state._snap(state) (a new reference). */
static PyObject *
snapshot_of(PyObject *state)
{
    PyObject *snap = PyObject_GetAttr(state, s__snap);
    PyObject *made = snap == NULL ? NULL : PyObject_CallOneArg(snap, state);
    Py_XDECREF(snap);
    return made;
}

/* The history's codes record (seat, action) as State.apply does: 0, or -1 on an error. */
static int
record_action(PyObject *state, PyObject *codes, PyObject *action, PyObject *seat)
{
    if (card_type != NULL && Py_IS_TYPE(action, (PyTypeObject *)card_type)) {
        long at = PyLong_AsLong(seat), c = PyLong_AsLong(action);
        if ((at == -1 || c == -1) && PyErr_Occurred())
            return -1;
        if (at < 0)   /* as Python indexes: from the end (the table's row) */
            at += PyTuple_GET_SIZE(ba_card_bytes);
        return put_card_code(ba_card_bytes, ba_card_code, codes, at, c);
    }
    long narrow = narrow_code_of(ba_narrow, action);
    if (narrow == -2)
        return -1;
    if (narrow >= 0) {
        PyObject *part = PyObject_GetItem(ba_seat_code, seat);
        long own = small_int(part);
        Py_XDECREF(part);
        PyObject *code = part == NULL ? NULL : own < 0 ? PyErr_Format(PyExc_TypeError, "a seat's code is an int")
                         : PyLong_FromLong(own | narrow);
        if (code == NULL)
            return -1;
        PyObject *done = PyObject_CallMethodOneArg(codes, s_append, code);
        Py_DECREF(code);
        Py_XDECREF(done);
        return done == NULL ? -1 : 0;
    }
    /* interned now, or the side list (perhaps the first code not to fit) */
    PyObject *log = PyObject_GetAttr(state, s__log);
    PyObject *history = log == NULL ? NULL : PyObject_GetAttr(log, s_history);
    Py_XDECREF(log);
    if (history == NULL || call_method2(history, s_record, seat, action) < 0) {
        Py_XDECREF(history);
        return -1;
    }
    PyObject *now = PyObject_GetAttr(history, s_codes);
    Py_DECREF(history);
    int failed = now == NULL || PyObject_SetAttr(state, s__codes, now) < 0;
    Py_XDECREF(now);
    return failed ? -1 : 0;
}

/* base_apply(state, action, seat=None): atout.game.State.apply compiled — the check, the position kept for
 * undo, the action's code in the history, the version, the change — each read and called on the state as
 * the reference does (its class's methods: a subclass's own are called). */
static PyObject *
base_apply(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *given[3] = {NULL, NULL, NULL};   /* state, action, seat: by place, or action and seat by name */
    Py_ssize_t named = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t i = 0; i < nargs && i < 3; i++)
        given[i] = args[i];
    for (Py_ssize_t k = 0; k < named; k++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, k);
        int at = PyUnicode_CompareWithASCIIString(name, "action") == 0 ? 1
                 : PyUnicode_CompareWithASCIIString(name, "seat") == 0 ? 2 : -1;
        if (at < 0 || given[at] != NULL) {
            PyErr_Format(PyExc_TypeError, "base_apply() got an unexpected or repeated argument %R", name);
            return NULL;
        }
        given[at] = args[nargs + k];
    }
    if (nargs > 3 || given[0] == NULL || given[1] == NULL) {
        PyErr_SetString(PyExc_TypeError, "base_apply(state, action, seat=None)");
        return NULL;
    }
    if (ba_anchor_mask < 0) {
        PyErr_SetString(PyExc_RuntimeError, "atout._speedups: set_apply() first");
        return NULL;
    }
    PyObject *state = given[0], *action = given[1];
    PyObject *seat = given[2] != NULL && given[2] != Py_None ? Py_NewRef(given[2]) : PyObject_GetAttr(state, s_to_move);
    PyObject *codes = NULL, *snapshot = NULL, *ring = NULL, *depth = NULL, *version = NULL, *length = NULL;
    PyObject *result = NULL;
    if (seat == NULL || call_method2(state, s__check, action, seat) < 0
        || (codes = PyObject_GetAttr(state, s__codes)) == NULL || (snapshot = snapshot_of(state)) == NULL)
        goto done;
    Py_ssize_t n = PyObject_Size(codes);
    if (n < 0)
        goto done;
    if (!(n & ba_anchor_mask)) {
        if ((length = PyLong_FromSsize_t(n)) == NULL || call_method2(state, s__keep_anchor, length, snapshot) < 0)
            goto done;
    }
    if ((ring = PyObject_GetAttr(state, s__ring)) == NULL || (depth = PyObject_GetAttr(state, s_undo_depth)) == NULL)
        goto done;
    if (PyList_CheckExact(ring) && PyLong_CheckExact(depth) && small_int(depth) >= 0) {
        if (keep_snapshot(ring, snapshot, small_int(depth)) < 0)   /* the ring a State keeps */
            goto done;
    }
    else {   /* any other ring, as the reference: appended, then its oldest dropped past the depth */
        PyObject *appended = PyObject_CallMethodOneArg(ring, s_append, snapshot);
        if (appended == NULL)
            goto done;
        Py_DECREF(appended);
        Py_ssize_t kept = PyObject_Size(ring);
        if (kept < 0)
            goto done;
        PyObject *size = PyLong_FromSsize_t(kept);
        int over = size == NULL ? -1 : PyObject_RichCompareBool(size, depth, Py_GT);
        Py_XDECREF(size);
        if (over < 0 || (over && PySequence_DelItem(ring, 0) < 0))
            goto done;
    }
    if (record_action(state, codes, action, seat) < 0 || (version = PyObject_GetAttr(state, s_version)) == NULL)
        goto done;
    Py_SETREF(version, PyNumber_Add(version, ba_one));
    if (version == NULL || PyObject_SetAttr(state, s_version, version) < 0
        || call_method2(state, s__change, action, seat) < 0)
        goto done;
    int chance = PyObject_RichCompareBool(seat, ba_zero, Py_LT);
    if (chance < 0)
        goto done;
    if (chance) {   /* a chance step: the position after it is kept (a hand's start) */
        Py_CLEAR(codes);
        Py_CLEAR(snapshot);
        Py_CLEAR(length);
        if ((codes = PyObject_GetAttr(state, s__codes)) == NULL || (n = PyObject_Size(codes)) < 0
            || (length = PyLong_FromSsize_t(n)) == NULL || (snapshot = snapshot_of(state)) == NULL
            || call_method2(state, s__keep_anchor, length, snapshot) < 0)
            goto done;
    }
    result = Py_NewRef(Py_None);
done:
    Py_XDECREF(seat);
    Py_XDECREF(codes);
    Py_XDECREF(snapshot);
    Py_XDECREF(ring);
    Py_XDECREF(depth);
    Py_XDECREF(version);
    Py_XDECREF(length);
    return result;
}

/* ------------------------------------------------------------------------------------ the module */

static PyMethodDef methods[] = {
    {"set_cards", set_cards, METH_VARARGS, "set_cards(CARD_CODES, Card, ALL_CARDS, CardSet): the codes of the cards "
     "and the cards, by id, and the type of a set of them."},
    {"set_helpers", set_helpers, METH_VARARGS,
     "set_helpers(suit letters, table_json, mover_json, codes_json, action_code, action codes, outcome_json, the "
     "frozen JSON's table, its size at most): what common_json and frozen_json read and call."},
    {"frozen_json", (PyCFunction)(void (*)(void))frozen_json, METH_FASTCALL,
     "frozen_json(value, make): make(value), made once per object value (atout.game.pure_frozen_json)."},
    {"trick_json", trick_record_json, METH_O,
     "trick_json(record): a finished trick's JSON, or None for None (atout.game.pure_trick_json)."},
    {"duel_trick_json", duel_trick_json, METH_O,
     "duel_trick_json(trick): a two-hand trick's JSON (atout.games.piquet.observation.pure_trick_json)."},
    {"json_dict", (PyCFunction)(void (*)(void))json_dict, METH_FASTCALL,
     "json_dict(keys, values): dict(zip(keys, values, strict=True)) (atout.game.pure_json_dict)."},
    {"json_list", (PyCFunction)(void (*)(void))json_list, METH_FASTCALL,
     "json_list(make, items): [make(item) for item in items] (atout.game.pure_json_list)."},
    {"frozen_of", (PyCFunction)(void (*)(void))frozen_of, METH_FASTCALL,
     "frozen_of(make, value): frozen_json(value, make), or None for None (atout.game.pure_frozen_of)."},
    {"card_codes", card_codes, METH_O, "The codes of a bitmask's cards, lowest id first."},
    {"cards_of", cards_of, METH_O, "The cards of a bitmask, lowest id first."},
    {"deal_cards", (PyCFunction)(void (*)(void))deal_cards, METH_FASTCALL,
     "deal_cards(pack, hands' positions, talon's positions): (hands, talon, cards) (atout.dealing.pure_deal_cards)."},
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL,
     "shuffle(code, items): the items in the order the draw code gives (atout.dealing.pure_shuffle)."},
    {"common_json", common_json, METH_O, "The common part of a position's JSON."},
    {"set_apply", set_apply, METH_VARARGS, "set_apply(CARD_BYTES, CARD_CODE, NARROW_CODE, SEAT_CODE, ANCHOR_MASK): what "
     "base_apply reads."},
    {"base_apply", (PyCFunction)(void (*)(void))base_apply, METH_FASTCALL | METH_KEYWORDS,
     "base_apply(state, action, seat=None): atout.game.State.apply compiled."},
    {"log_event", log_event, METH_VARARGS,
     "log_event(Log, Log.event, NARROW_CODE, SEAT_CODE, Scored, INDEX_SHIFT, SIDE_FLAG, SCORED): Log.event compiled, "
     "a method of Log."},
    {"set_log", set_log, METH_VARARGS, "set_log(LogView, Slots of its fields): what log_view makes."},
    {"log_view", (PyCFunction)(void (*)(void))log_view, METH_FASTCALL,
     "log_view(log, viewer, how, hand_start): a viewer's log (atout.log.pure_log_view)."},
    {"set_whist", set_whist, METH_VARARGS,
     "set_whist(WhistObservation, phase names, suits, mort place, sheet_of, pure observe, "
     "slow indices): what whist_observe reads and calls."},
    {"whist_observe", (PyCFunction)(void (*)(void))whist_observe, METH_FASTCALL,
     "whist_observe(state, seat): a Whist observation (atout.games.whist.observation.pure_observe)."},
    {"set_sizette_talk", set_sizette_talk, METH_VARARGS,
     "set_sizette_talk(masks, says_of, make_says, holds, lacks, mate_asks, remark_only, max_remarks, speech, ask_type, say_type): "
     "what the compiled observation reads to list a Sizette seat's talk in windows C1 and C2 (windows.talk_actions)."},
    {"set_sizette", set_sizette, METH_VARARGS,
     "set_sizette(SizetteObservation, phase names, window names, suits, pure observe, Slots of the state's "
     "fields, slow indices, play phase, vole phase, facts_of, card due, cut phase, over phase, talk windows, "
     "(abandon,)): what sizette_observe reads and calls."},
    {"talk_listing", (PyCFunction)(void (*)(void))talk_listing, METH_FASTCALL,
     "talk_listing(masks, says, holds, lacks, asks, hand, unseen, said, before, after): the talk a Sizette seat may make "
     "in window C1 or C2, less what was said, between before and after (atout.games.sizette.windows.pure_talk_listing)."},
    {"sizette_observe", (PyCFunction)(void (*)(void))sizette_observe, METH_FASTCALL,
     "sizette_observe(state, seat): a Sizette or Quadrette observation "
     "(atout.games.sizette.observation.pure_observe)."},
    {"set_besigue", set_besigue, METH_VARARGS,
     "set_besigue(BesigueObservation, phase names, suits, pure observe, Slots of the state's fields, "
     "facts_of, tabled_of): what besigue_observe reads and calls."},
    {"besigue_observe", (PyCFunction)(void (*)(void))besigue_observe, METH_FASTCALL,
     "besigue_observe(state, seat): a Bésigue observation (atout.games.besigue.observation.pure_observe)."},
    {"set_piquet_table", set_piquet_table, METH_VARARGS,
     "set_piquet_table(PiquetTable, step names, Slots of the state's fields, _shown_trick, the cards that score when "
     "led, no cards, 'expose', table_of, ClassEntry, SEQUENCE_POINTS, SET_POINTS): what piquet_table reads and calls."},
    {"piquet_table", piquet_table, METH_O,
     "piquet_table(state): the table every Piquet viewer is shown (atout.games.piquet.observation.table_of)."},
    {"set_piquet", set_piquet, METH_VARARGS,
     "set_piquet(PiquetObservation, phase names, cards, no cards, Slots of the state's fields, 'look', "
     "table_of, pure observe, sides): what piquet_observe reads and calls."},
    {"piquet_observe", (PyCFunction)(void (*)(void))piquet_observe, METH_FASTCALL,
     "piquet_observe(state, seat): a Piquet observation (atout.games.piquet.observation.pure_observe)."},
    {"set_piquet_score", set_piquet_score, METH_VARARGS,
     "set_piquet_score(HandScore, TEN_OR_HIGHER, pure_deal_score): what piquet_score reads and calls."},
    {"piquet_score", (PyCFunction)(void (*)(void))piquet_score, METH_FASTCALL,
     "piquet_score(elder, declared, tricks, rule_ten, lead, complete): a Piquet deal's score "
     "(atout.games.piquet.play.pure_deal_score)."},
    {"set_piquet_calls", set_piquet_calls, METH_VARARGS,
     "set_piquet_calls(calls by class, suit and pattern, sets by rank and pattern, the set ranks' cards, shifts, "
     "pure_calls_of): what piquet_calls reads and calls."},
    {"piquet_calls", (PyCFunction)(void (*)(void))piquet_calls, METH_FASTCALL,
     "piquet_calls(hand, cls, partial): what a hand may call in a class (atout.games.piquet.calls.pure_calls_of)."},
    {"set_besigue_legal", set_besigue_legal, METH_VARARGS,
     "set_besigue_legal(masks by suit, carre ranks, their copies, (QS, JD, jokers), Declaration, CardSet, names, "
     "points, pure_legal): what besigue_legal reads and calls."},
    {"besigue_legal", (PyCFunction)(void (*)(void))besigue_legal, METH_FASTCALL,
     "besigue_legal(values, trump, owned, tabled, used, quinte_needs_marriage): what the trick's winner may declare "
     "(atout.games.besigue.declarations.pure_legal)."},
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
    INTERN(k_leader, "leader");
    INTERN(k_cards, "cards");
    INTERN(k_winner, "winner");
    INTERN(a_log, "log");
    INTERN(a_hand_start, "hand_start");
    PyObject *common[OBS_COMMON] = {k_game, k_options, k_seat, k_num_seats, k_sides, k_phase, k_to_move, k_hand,
                                       k_hand_sizes, k_trump, k_trick, k_scores, k_legal, a_log, k_outcome};
    for (int i = 0; i < OBS_COMMON; i++)
        common_names[i] = common[i];
    INTERN(s_frombytes, "frombytes");
    INTERN(s_append, "append");
    INTERN(s_undo_depth, "undo_depth");
    INTERN(s_owner, "owner");
    INTERN(s_mort, "mort");
    INTERN(s_hand_seat, "hand_seat");
    INTERN(s_pack_size, "pack_size");
    INTERN(s_event, "event");
    INTERN(s_need, "need");
    INTERN(s_result, "result");
    INTERN(s_target, "target");
    INTERN(s_fresh_values, "fresh_values");
    INTERN(s_fresh_slow_values, "fresh_slow_values");
    INTERN(s_plain_reason, "plain_reason");
    INTERN(s_hands, "hands");
    INTERN(s_talon, "talon");
    INTERN(s_turned, "turned");
    INTERN(s_zones, "zones");
    INTERN(s_talon_size, "talon_size");
    INTERN(s_keys_by_trump, "keys_by_trump");
    INTERN(s_position, "position");
    INTERN(s_go_on, "go_on");
    INTERN(s_strength, "strength");
    INTERN(s_side_of, "side_of");
    INTERN(s_play_out, "play_out");
    INTERN(s_no_remarks, "no_remarks");
    INTERN(s_matching, "matching");
    INTERN(s_max_failed, "max_failed");
    INTERN(s_spec, "spec");
    INTERN(s_card, "card");
    INTERN(s__check, "_check");
    INTERN(s__change, "_change");
    INTERN(s__codes, "_codes");
    INTERN(s__snap, "_snap");
    INTERN(s__keep_anchor, "_keep_anchor");
    INTERN(s__ring, "_ring");
    INTERN(s_version, "version");
    INTERN(s_record, "record");
    INTERN(s_younger_min, "younger_min");
    INTERN(s_size, "size");
    INTERN(s_word, "word");
    INTERN(s_value, "value");
    INTERN(s_sizes, "sizes");
    INTERN(s_left_cards, "left_cards");
    INTERN(s_mask, "mask");
    INTERN(s_pack, "pack");
    INTERN(s_extended, "extended");
    INTERN(s_table, "table");
    INTERN(s__slow, "_slow");
    INTERN(s_hands, "hands");
    INTERN(s_trick, "trick");
    INTERN(s_leader, "leader");
    INTERN(s_phase, "phase");
    INTERN(s_to_move, "to_move");
    INTERN(s__outcome, "_outcome");
    INTERN(s_played, "played");
    INTERN(s_legal_actions, "legal_actions");
    INTERN(s_moves, "moves");
    INTERN(s_ten_rule, "ten_rule");
    INTERN(s__log, "_log");
    INTERN(s__how, "_how");
    INTERN(s_history, "history");
    INTERN(s_at, "at");
    INTERN(s_codes, "codes");
    INTERN(s_side, "side");
    INTERN(s_interned, "interned");
    INTERN(s_name, "name");
    INTERN(s_options_view, "options_view");
    INTERN(s_n, "n");
    INTERN(s_members, "members");
    INTERN(s_wins, "wins");
    INTERN(s_streak, "streak");
    INTERN(s_hundreds, "hundreds");
    INTERN(s_receiver, "receiver");
    INTERN(k_besigue, "besigue");
    if ((empty_tuple = PyTuple_New(0)) == NULL)
        return NULL;
    if (PyType_Ready(&SlotsType) < 0 || PyType_Ready(&CardPlayType) < 0 || PyType_Ready(&PositionJSONType) < 0
        || PyType_Ready(&MethodType) < 0 || PyType_Ready(&GrowingType) < 0 || PyType_Ready(&RecentType) < 0
        || PyType_Ready(&KeptType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL)
        return NULL;
    if (PyModule_AddObjectRef(module, "Slots", (PyObject *)&SlotsType) < 0
        || PyModule_AddObjectRef(module, "CardPlay", (PyObject *)&CardPlayType) < 0
        || PyModule_AddObjectRef(module, "PositionJSON", (PyObject *)&PositionJSONType) < 0
        || PyModule_AddObjectRef(module, "Method", (PyObject *)&MethodType) < 0
        || PyModule_AddObjectRef(module, "GrowingJSON", (PyObject *)&GrowingType) < 0
        || PyModule_AddObjectRef(module, "RecentJSON", (PyObject *)&RecentType) < 0
        || PyModule_AddObjectRef(module, "KeptJSON", (PyObject *)&KeptType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
