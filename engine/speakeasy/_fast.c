/*
 * The compiled core of Speak Easy: move generation and the unchecked move of play.py.
 *
 * This file holds no rules data of its own. `movegen.py` hands it the board's tables
 * (bind_board) and `play.py` the pieces of a state change (bind_play), both computed by the
 * pure-Python engine, which stays the reference and the fallback: the engine imports and plays
 * the same without this module (SPEAKEASY_PURE_PYTHON=1 forces that), and
 * tests/engine/test_engine_fast_core.py requires both to agree move for move and state for
 * state.
 *
 * generate(board, own, enemy, bar_exit, pieces) is movegen.generate_python: the same moves in
 * the same order (pieces by increasing location; per piece its step-only neighbours, then its
 * straight street rays in RAYS order, then for a Kid on a street the flooded streets by
 * increasing location).
 *
 * advance(state, move) is play.advance_python for the plies that make up nearly all of a
 * game: a quiet move or a combat that neither ends the game nor reveals a Speakeasy, after
 * which the side to move has a move and the no-combat limit is not reached. Every other ply,
 * and anything unexpected in the state, is handed to advance_python, so the two never differ.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define SIZE 60
#define MAX_STEPS 8
#define MAX_RAYS 4
#define MAX_RAY 12
#define MAX_MOVES (SIZE * SIZE)
#define BOARD_BITS ((UINT64_C(1) << SIZE) - 1)
#define ABI 2

/* -- the board, from bind_board ------------------------------------------------------------ */
static int board_bound = 0;
static int8_t step_only[SIZE][MAX_STEPS];
static int8_t n_step[SIZE];
static int8_t rays[SIZE][MAX_RAYS][MAX_RAY];
static int8_t ray_len[SIZE][MAX_RAYS];
static int8_t n_rays[SIZE];
static uint64_t STREETS, BUILDINGS, BARS, EAST_LINK, NORTH_LINK;
static long KID, BABE, FBI;
static PyObject *move_obj[SIZE << 6]; /* the move ints, made once */
static PyObject *py_generate = NULL;  /* movegen.generate_python, for inputs outside the fast path */

/* -- the state change, from bind_play -------------------------------------------------------- */
static int play_bound = 0;
static PyObject *py_advance = NULL; /* play.advance_python */
static PyObject *log_entry_type = NULL;
static PyObject *tables = NULL; /* combat.TABLES: {babe_survives: {(attacker, defender): survivor}} */
static PyObject *attacker_str = NULL, *defender_str = NULL;
static long SPEAKEASY, BOSS, REVEALED;

/* Interned attribute names. */
static PyObject *s_board, *s_occ, *s_fixed, *s_to_move, *s_options, *s_quiet, *s_ply, *s_log,
    *s_legal_cache, *s_copy, *s_babe_survives, *s_reveal_on_combat, *s_boss_reveals, *s_bar_exit,
    *s_no_combat_limit;
static PyObject *entry_fields[7]; /* ply, side, frm, to, attacker, defender, survivor */

static int
read_small_tuple(PyObject *seq, int8_t *out, int capacity, int8_t *count, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > capacity) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd items, at most %d", what, n, capacity);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < 0 || v >= SIZE) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: %ld is not a location", what, v);
            return -1;
        }
        out[i] = (int8_t)v;
    }
    *count = (int8_t)n;
    Py_DECREF(fast);
    return 0;
}

static int
read_mask(PyObject *value, uint64_t *out)
{
    unsigned long long v = PyLong_AsUnsignedLongLong(value);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

/* bind_board(step_only, rays, streets, buildings, bars, east_link, north_link, kid, babe, fbi,
 *            generate_python) */
static PyObject *
bind_board(PyObject *self, PyObject *args)
{
    PyObject *steps, *all_rays, *streets, *buildings, *bars, *east, *north, *fallback;
    long kid, babe, fbi;
    if (!PyArg_ParseTuple(args, "OOOOOOOlllO:bind_board", &steps, &all_rays, &streets, &buildings, &bars,
                          &east, &north, &kid, &babe, &fbi, &fallback)) {
        return NULL;
    }
    if (PySequence_Size(steps) != SIZE || PySequence_Size(all_rays) != SIZE) {
        PyErr_SetString(PyExc_ValueError, "step_only and rays need one entry per location");
        return NULL;
    }
    for (int sq = 0; sq < SIZE; sq++) {
        PyObject *item = PySequence_GetItem(steps, sq);
        if (item == NULL) {
            return NULL;
        }
        int rc = read_small_tuple(item, step_only[sq], MAX_STEPS, &n_step[sq], "step_only");
        Py_DECREF(item);
        if (rc < 0) {
            return NULL;
        }
        PyObject *mine = PySequence_GetItem(all_rays, sq);
        if (mine == NULL) {
            return NULL;
        }
        PyObject *fast = PySequence_Fast(mine, "rays");
        Py_DECREF(mine);
        if (fast == NULL) {
            return NULL;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
        if (n > MAX_RAYS) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "rays: more than four from one location");
            return NULL;
        }
        for (Py_ssize_t r = 0; r < n; r++) {
            if (read_small_tuple(PySequence_Fast_GET_ITEM(fast, r), rays[sq][r], MAX_RAY, &ray_len[sq][r],
                                 "ray") < 0) {
                Py_DECREF(fast);
                return NULL;
            }
        }
        n_rays[sq] = (int8_t)n;
        Py_DECREF(fast);
    }
    if (read_mask(streets, &STREETS) < 0 || read_mask(buildings, &BUILDINGS) < 0 || read_mask(bars, &BARS) < 0
        || read_mask(east, &EAST_LINK) < 0 || read_mask(north, &NORTH_LINK) < 0) {
        return NULL;
    }
    KID = kid;
    BABE = babe;
    FBI = fbi;
    for (int m = 0; m < (SIZE << 6); m++) {
        if (move_obj[m] == NULL) {
            move_obj[m] = PyLong_FromLong(m);
            if (move_obj[m] == NULL) {
                return NULL;
            }
        }
    }
    Py_INCREF(fallback);
    Py_XSETREF(py_generate, fallback);
    board_bound = 1;
    Py_RETURN_NONE;
}

/* The moves of the pieces in `pieces`, written to `out`; returns how many. `board` is a list
 * of at least SIZE items (checked by the caller). Returns OFF_PATH, no exception set, when a
 * piece it reads is not an int that fits a C long (the caller then asks the Python code): so
 * nothing here runs Python code, and the list cannot change under it. */
#define OFF_PATH (-2)
static int
generate_into(PyObject *board, uint64_t own, uint64_t enemy, int bar_exit, uint64_t pieces, int16_t *out)
{
    uint64_t occ = own | enemy;
    int n = 0;
    if (!bar_exit) {
        pieces &= ~BARS;
    }
    while (pieces) {
        int sq = __builtin_ctzll(pieces);
        pieces &= pieces - 1;
        uint64_t low = UINT64_C(1) << sq;
        PyObject *item = PyList_GET_ITEM(board, sq);
        if (!PyLong_CheckExact(item)) {
            return OFF_PATH;
        }
        long piece = PyLong_AsLong(item);
        if (piece == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return OFF_PATH;
        }
        long kind = piece & 15;
        int base = sq << 6;
        int kid_on_street = kind == KID && (STREETS & low);
        if (!kid_on_street && !(kind < BABE || kind == FBI)) {
            continue; /* a Babe or the Speakeasy never moves; an unknown piece is not moved */
        }
        for (int i = 0; i < n_step[sq]; i++) {
            int t = step_only[sq][i];
            uint64_t bit = UINT64_C(1) << t;
            if (!(occ & bit) || ((enemy & bit) && !(BUILDINGS & bit))) {
                out[n++] = (int16_t)(base | t);
            }
        }
        if (kid_on_street) {
            uint64_t free_streets = STREETS & ~occ;
            uint64_t region = low;
            for (;;) {
                uint64_t grown = region
                                 | ((((region & EAST_LINK) << 1) | ((region >> 1) & EAST_LINK)
                                     | ((region & NORTH_LINK) << 5) | ((region >> 5) & NORTH_LINK))
                                    & free_streets);
                if (grown == region) {
                    break;
                }
                region = grown;
            }
            uint64_t edge = ((region & EAST_LINK) << 1) | ((region >> 1) & EAST_LINK)
                            | ((region & NORTH_LINK) << 5) | ((region >> 5) & NORTH_LINK);
            uint64_t found = (region ^ low) | (edge & enemy);
            while (found) {
                out[n++] = (int16_t)(base | __builtin_ctzll(found));
                found &= found - 1;
            }
        }
        else {
            for (int r = 0; r < n_rays[sq]; r++) {
                for (int i = 0; i < ray_len[sq][r]; i++) {
                    int t = rays[sq][r][i];
                    uint64_t bit = UINT64_C(1) << t;
                    if (occ & bit) {
                        if (enemy & bit) {
                            out[n++] = (int16_t)(base | t);
                        }
                        break;
                    }
                    out[n++] = (int16_t)(base | t);
                }
            }
        }
    }
    return n;
}

static PyObject *
moves_list(const int16_t *moves, int n)
{
    PyObject *list = PyList_New(n);
    if (list == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *m = move_obj[moves[i]];
        Py_INCREF(m);
        PyList_SET_ITEM(list, i, m);
    }
    return list;
}

/* A mask argument on the fast path: an int in 0 .. 2**64-1. */
static int
fast_mask(PyObject *value, uint64_t *out)
{
    if (!PyLong_Check(value)) {
        return 0;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(value);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    *out = (uint64_t)v;
    return 1;
}

static PyObject *
generate(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!board_bound) {
        PyErr_SetString(PyExc_RuntimeError, "engine.speakeasy._fast: bind_board was not called");
        return NULL;
    }
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "generate(board, own, enemy, bar_exit, pieces)");
        return NULL;
    }
    uint64_t own, enemy, pieces;
    PyObject *board = args[0];
    /* Anything outside the fast path (a board that is not a list of 60, masks that are not
     * 64-bit, pieces off the board) gets exactly what the Python generator does with it. */
    if (!PyList_CheckExact(board) || PyList_GET_SIZE(board) < SIZE || !fast_mask(args[1], &own)
        || !fast_mask(args[2], &enemy) || !fast_mask(args[4], &pieces) || (pieces & ~BOARD_BITS)) {
        return PyObject_Vectorcall(py_generate, args, (size_t)nargs, NULL);
    }
    int bar_exit = PyObject_IsTrue(args[3]);
    if (bar_exit < 0) {
        return NULL;
    }
    int16_t moves[MAX_MOVES];
    int n = generate_into(board, own, enemy, bar_exit, pieces, moves);
    if (n == OFF_PATH) {
        return PyObject_Vectorcall(py_generate, args, (size_t)nargs, NULL);
    }
    return moves_list(moves, n);
}

/* bind_play(advance_python, LogEntry, TABLES, ATTACKER, DEFENDER, SPEAKEASY, BOSS, REVEALED) */
static PyObject *
bind_play(PyObject *self, PyObject *args)
{
    PyObject *fallback, *entry_type, *table, *att, *def;
    long speakeasy, boss, revealed;
    if (!PyArg_ParseTuple(args, "OO!O!UUlll:bind_play", &fallback, &PyType_Type, &entry_type, &PyDict_Type,
                          &table, &att, &def, &speakeasy, &boss, &revealed)) {
        return NULL;
    }
    /* The log entry is built field by field (as its dataclass __init__ does): its fields must
     * be these, in this order. */
    PyObject *slots = PyObject_GetAttrString(entry_type, "__slots__");
    if (slots == NULL) {
        return NULL;
    }
    PyObject *expected = Py_BuildValue("(sssssss)", "ply", "side", "frm", "to", "attacker", "defender",
                                       "survivor");
    PyObject *as_tuple = expected == NULL ? NULL : PySequence_Tuple(slots);
    Py_DECREF(slots);
    int same = as_tuple == NULL ? -1 : PyObject_RichCompareBool(as_tuple, expected, Py_EQ);
    Py_XDECREF(as_tuple);
    Py_XDECREF(expected);
    if (same < 0) {
        return NULL;
    }
    if (!same) {
        PyErr_SetString(PyExc_ValueError, "LogEntry's fields are not the ones this core writes");
        return NULL;
    }
    Py_INCREF(fallback);
    Py_XSETREF(py_advance, fallback);
    Py_INCREF(entry_type);
    Py_XSETREF(log_entry_type, entry_type);
    Py_INCREF(table);
    Py_XSETREF(tables, table);
    Py_INCREF(att);
    Py_XSETREF(attacker_str, att);
    Py_INCREF(def);
    Py_XSETREF(defender_str, def);
    SPEAKEASY = speakeasy;
    BOSS = boss;
    REVEALED = revealed;
    play_bound = 1;
    Py_RETURN_NONE;
}

/* Reads an int attribute; 0 on success, -1 when it is missing or not a C long (error cleared). */
static int
get_long(PyObject *obj, PyObject *name, long *out)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL) {
        PyErr_Clear();
        return -1;
    }
    long v = PyLong_Check(value) ? PyLong_AsLong(value) : -1;
    int bad = !PyLong_Check(value) || (v == -1 && PyErr_Occurred());
    Py_DECREF(value);
    if (bad) {
        PyErr_Clear();
        return -1;
    }
    *out = v;
    return 0;
}

static int
get_flag(PyObject *obj, PyObject *name, int *out)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL) {
        PyErr_Clear();
        return -1;
    }
    int v = PyObject_IsTrue(value);
    Py_DECREF(value);
    if (v < 0) {
        PyErr_Clear();
        return -1;
    }
    *out = v;
    return 0;
}

/* An exact list of `size` items that `obj` holds (borrowed), or NULL. */
static PyObject *
list_attr(PyObject *obj, PyObject *name, Py_ssize_t size)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL) {
        PyErr_Clear();
        return NULL;
    }
    int held = Py_REFCNT(value) > 1; /* a slot's value, not one made for this call */
    Py_DECREF(value);
    if (!held || !PyList_CheckExact(value) || PyList_GET_SIZE(value) != size) {
        return NULL;
    }
    return value;
}

static int
list_mask(PyObject *list, Py_ssize_t i, uint64_t *out)
{
    PyObject *item = PyList_GET_ITEM(list, i);
    if (!PyLong_Check(item)) {
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(item);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return -1;
    }
    if (v & ~BOARD_BITS) {
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

static int
list_long(PyObject *list, Py_ssize_t i, long *out)
{
    PyObject *item = PyList_GET_ITEM(list, i);
    if (!PyLong_CheckExact(item)) {
        return -1;
    }
    long v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return -1;
    }
    *out = v;
    return 0;
}

/* Sets list[i] to a new int; 0 or -1 with an exception. */
static int
set_long(PyObject *list, Py_ssize_t i, long v)
{
    PyObject *obj = PyLong_FromLong(v);
    if (obj == NULL) {
        return -1;
    }
    return PyList_SetItem(list, i, obj);
}

static int
set_mask(PyObject *list, Py_ssize_t i, uint64_t v)
{
    PyObject *obj = PyLong_FromUnsignedLongLong(v);
    if (obj == NULL) {
        return -1;
    }
    return PyList_SetItem(list, i, obj);
}

static int
set_attr_long(PyObject *obj, PyObject *name, long v)
{
    PyObject *value = PyLong_FromLong(v);
    if (value == NULL) {
        return -1;
    }
    int rc = PyObject_SetAttr(obj, name, value);
    Py_DECREF(value);
    return rc;
}

/* A LogEntry without its __init__ (which sets each field through object.__setattr__ as this
 * does: the class is frozen). `survivor` may be NULL for None. */
static PyObject *
make_entry(long ply, long side, long frm, long to, long attacker, long defender, PyObject *survivor)
{
    PyTypeObject *type = (PyTypeObject *)log_entry_type;
    PyObject *entry = type->tp_alloc(type, 0);
    if (entry == NULL) {
        return NULL;
    }
    long numbers[6] = {ply, side, frm, to, attacker, defender};
    for (int i = 0; i < 6; i++) {
        PyObject *v = PyLong_FromLong(numbers[i]);
        if (v == NULL || PyObject_GenericSetAttr(entry, entry_fields[i], v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(entry);
            return NULL;
        }
        Py_DECREF(v);
    }
    if (PyObject_GenericSetAttr(entry, entry_fields[6], survivor == NULL ? Py_None : survivor) < 0) {
        Py_DECREF(entry);
        return NULL;
    }
    return entry;
}

/* The link of a game's log that puts `entry` before `rest`: (entry, rest), out of the cycle
 * collector's lists, as the entry is. A log is a chain of such pairs ending in None; an entry
 * holds numbers and a str or None and never changes, and so does a pair: neither can be part
 * of a reference cycle, and the collector has nothing to find in them. (It stops tracking a
 * tuple of untracked values by itself, but not one that holds an instance of a class.) A log
 * lives as long as its game, a pair and an entry a ply: tracked, a thousand games' logs made
 * every collection walk them (docs/server.md, "Garbage collection"). */
static PyObject *
link_log(PyObject *entry, PyObject *rest)
{
    PyObject *pair = PyTuple_Pack(2, entry, rest);
    if (pair == NULL) {
        return NULL;
    }
    if (PyObject_GC_IsTracked(entry)) {
        PyObject_GC_UnTrack(entry);
    }
    PyObject_GC_UnTrack(pair);
    return pair;
}

/* linked(entry, rest) -> (entry, rest), as link_log, for the entries Python makes. */
static PyObject *
linked(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "linked(entry, rest)");
        return NULL;
    }
    if (log_entry_type == NULL || !PyObject_TypeCheck(args[0], (PyTypeObject *)log_entry_type)) {
        PyErr_SetString(PyExc_TypeError, "linked() takes a LogEntry (after bind_play)");
        return NULL;
    }
    PyObject *rest = args[1];
    if (rest != Py_None && !(PyTuple_CheckExact(rest) && PyTuple_GET_SIZE(rest) == 2 &&
                             PyObject_TypeCheck(PyTuple_GET_ITEM(rest, 0), (PyTypeObject *)log_entry_type))) {
        PyErr_SetString(PyExc_TypeError, "linked(): the rest of a log is None or a (LogEntry, rest) pair");
        return NULL;
    }
    return link_log(args[0], rest);
}

#define DELEGATE() return PyObject_Vectorcall(py_advance, args, 2, NULL)

static PyObject *
advance(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!board_bound || !play_bound) {
        PyErr_SetString(PyExc_RuntimeError, "engine.speakeasy._fast: bind_board/bind_play were not called");
        return NULL;
    }
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "advance(state, move)");
        return NULL;
    }
    PyObject *state = args[0];
    if (!PyLong_CheckExact(args[1])) {
        DELEGATE();
    }
    long move = PyLong_AsLong(args[1]);
    if (move == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        DELEGATE();
    }
    long frm = move >> 6, to = move & 63;
    if (move < 0 || frm >= SIZE || to >= SIZE || frm == to) {
        DELEGATE();
    }
    PyObject *board = list_attr(state, s_board, SIZE);
    PyObject *occ = list_attr(state, s_occ, 2);
    PyObject *fixed = list_attr(state, s_fixed, 2);
    long side, quiet, ply, piece, target;
    if (board == NULL || occ == NULL || fixed == NULL || get_long(state, s_to_move, &side) < 0
        || (side != 0 && side != 1) || get_long(state, s_quiet, &quiet) < 0 || get_long(state, s_ply, &ply) < 0
        || list_long(board, frm, &piece) < 0 || list_long(board, to, &target) < 0 || piece <= 0 || target < 0) {
        DELEGATE();
    }
    long foe = side ^ 1;
    PyObject *options = PyObject_GetAttr(state, s_options);
    if (options == NULL) {
        PyErr_Clear();
        DELEGATE();
    }
    int babe_survives, reveal, boss_reveals, bar_exit;
    long limit;
    int ok = get_flag(options, s_babe_survives, &babe_survives) == 0
             && get_flag(options, s_reveal_on_combat, &reveal) == 0
             && get_flag(options, s_boss_reveals, &boss_reveals) == 0
             && get_flag(options, s_bar_exit, &bar_exit) == 0
             && get_long(options, s_no_combat_limit, &limit) == 0;
    Py_DECREF(options);
    if (!ok) {
        DELEGATE();
    }

    /* Decide the ply before touching anything; hand over every ply this core does not play. */
    long a_kind = 0, d_kind = 0;
    PyObject *survivor = NULL; /* borrowed from TABLES */
    int attacker_won = 0, defender_won = 0;
    if (target) {
        a_kind = piece & 15;
        d_kind = target & 15;
        if (d_kind == SPEAKEASY || (boss_reveals && (a_kind == BOSS || d_kind == BOSS))) {
            DELEGATE();
        }
        PyObject *table = PyDict_GetItemWithError(tables, babe_survives ? Py_True : Py_False);
        if (table == NULL || !PyDict_Check(table)) {
            PyErr_Clear();
            DELEGATE();
        }
        PyObject *key = Py_BuildValue("(ll)", a_kind, d_kind);
        if (key == NULL) {
            return NULL;
        }
        survivor = PyDict_GetItemWithError(table, key);
        Py_DECREF(key);
        if (survivor == NULL) {
            PyErr_Clear();
            DELEGATE();
        }
        attacker_won = PyObject_RichCompareBool(survivor, attacker_str, Py_EQ);
        defender_won = PyObject_RichCompareBool(survivor, defender_str, Py_EQ);
        if (attacker_won < 0 || defender_won < 0) {
            return NULL;
        }
    }
    long new_quiet = target ? 0 : quiet + 1;
    if (new_quiet >= limit) {
        DELEGATE();
    }
    uint64_t occ_side, occ_foe, fixed_foe;
    if (list_mask(occ, side, &occ_side) < 0 || list_mask(occ, foe, &occ_foe) < 0
        || list_mask(fixed, foe, &fixed_foe) < 0) {
        DELEGATE();
    }
    uint64_t frm_bit = UINT64_C(1) << frm, to_bit = UINT64_C(1) << to;
    long to_piece = 0;
    occ_side ^= frm_bit;
    if (!target) {
        to_piece = piece;
        occ_side |= to_bit;
    }
    else {
        long shown = reveal ? REVEALED : 0;
        if (attacker_won) {
            to_piece = piece | shown;
            occ_side |= to_bit;
            occ_foe ^= to_bit;
        }
        else if (defender_won) {
            to_piece = target | shown;
        }
        else {
            occ_foe ^= to_bit;
        }
        if (!defender_won) {
            fixed_foe &= ~to_bit;
        }
    }

    /* The new state; then the foe's moves on its board (if he has none, or the state is not
     * what this core expects, advance_python plays the ply instead). */
    PyObject *new = PyObject_CallMethodNoArgs(state, s_copy);
    if (new == NULL) {
        return NULL;
    }
    PyObject *new_board = list_attr(new, s_board, SIZE);
    PyObject *new_occ = list_attr(new, s_occ, 2);
    PyObject *new_fixed = list_attr(new, s_fixed, 2);
    if (new_board == NULL || new_occ == NULL || new_fixed == NULL || new_board == board || new_occ == occ
        || new_fixed == fixed) {
        Py_DECREF(new);
        DELEGATE();
    }
    if (set_long(new_board, frm, 0) < 0 || set_long(new_board, to, to_piece) < 0
        || set_mask(new_occ, side, occ_side) < 0 || set_mask(new_occ, foe, occ_foe) < 0
        || set_mask(new_fixed, foe, fixed_foe) < 0) {
        Py_DECREF(new);
        return NULL;
    }
    int16_t moves[MAX_MOVES];
    int n = generate_into(new_board, occ_foe, occ_side, bar_exit, occ_foe & ~fixed_foe, moves);
    if (n == 0 || n == OFF_PATH) {
        Py_DECREF(new);
        DELEGATE();
    }
    PyObject *legal = moves_list(moves, n);
    if (legal == NULL) {
        Py_DECREF(new);
        return NULL;
    }
    PyObject *old_log = PyObject_GetAttr(state, s_log);
    PyObject *entry = old_log == NULL ? NULL
                                      : make_entry(ply, side, frm, to, a_kind, d_kind, target ? survivor : NULL);
    PyObject *log = entry == NULL ? NULL : link_log(entry, old_log);
    Py_XDECREF(entry);
    Py_XDECREF(old_log);
    if (log == NULL || PyObject_SetAttr(new, s_log, log) < 0 || set_attr_long(new, s_quiet, new_quiet) < 0
        || set_attr_long(new, s_ply, ply + 1) < 0 || set_attr_long(new, s_to_move, foe) < 0
        || PyObject_SetAttr(new, s_legal_cache, legal) < 0) {
        Py_XDECREF(log);
        Py_DECREF(legal);
        Py_DECREF(new);
        return NULL;
    }
    Py_DECREF(log);
    Py_DECREF(legal);
    return new;
}

static PyMethodDef methods[] = {
    {"bind_board", bind_board, METH_VARARGS, "Hand the core the board's tables (movegen.py does)."},
    {"bind_play", bind_play, METH_VARARGS, "Hand the core what a state change needs (play.py does)."},
    {"generate", (PyCFunction)(void (*)(void))generate, METH_FASTCALL,
     "generate(board, own, enemy, bar_exit, pieces) -> moves, as movegen.generate_python."},
    {"advance", (PyCFunction)(void (*)(void))advance, METH_FASTCALL,
     "advance(state, move) -> state, as play.advance_python."},
    {"linked", (PyCFunction)(void (*)(void))linked, METH_FASTCALL,
     "linked(entry, rest) -> (entry, rest), the log's next link, which the cycle collector does not walk."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "engine.speakeasy._fast",
    .m_doc = "The compiled core of Speak Easy (see _fast.c).",
    .m_size = -1,
    .m_methods = methods,
};

#define INTERN(var, text)                          \
    do {                                           \
        (var) = PyUnicode_InternFromString(text);  \
        if ((var) == NULL) {                       \
            return NULL;                           \
        }                                          \
    } while (0)

PyMODINIT_FUNC
PyInit__fast(void)
{
    INTERN(s_board, "board");
    INTERN(s_occ, "occ");
    INTERN(s_fixed, "fixed");
    INTERN(s_to_move, "to_move");
    INTERN(s_options, "options");
    INTERN(s_quiet, "quiet");
    INTERN(s_ply, "ply");
    INTERN(s_log, "log");
    INTERN(s_legal_cache, "legal_cache");
    INTERN(s_copy, "copy");
    INTERN(s_babe_survives, "babe_survives");
    INTERN(s_reveal_on_combat, "reveal_on_combat");
    INTERN(s_boss_reveals, "boss_loss_reveals_speakeasy");
    INTERN(s_bar_exit, "bar_exit");
    INTERN(s_no_combat_limit, "no_combat_limit");
    const char *names[7] = {"ply", "side", "frm", "to", "attacker", "defender", "survivor"};
    for (int i = 0; i < 7; i++) {
        INTERN(entry_fields[i], names[i]);
    }
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "ABI", ABI) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
