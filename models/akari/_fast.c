/* Akari's plain-Python path (small.py, check.py) in C: the same tables, the same
 * propagation of the basic rules in the same order, the same clauses in the same
 * order, the same literal estimate, and the checker's verdict.
 *
 * small.py stays the reference and the fallback where no C compiler built this
 * module; tests/akari/test_fast.py holds the two to each other on random boards,
 * generated puzzles and random light placements. Every function reads the board
 * from its rows' text (".", "#", "0"-"4"), so no table crosses the boundary but the
 * ones Python asks for.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define UNKNOWN (-1)
#define NO 0
#define YES 1
#define PAIRWISE_UP_TO 10 /* as small.PAIRWISE_UP_TO */
/* Cells a board may have here (parsed boards have at most 10^6): every count and
 * index below fits an int with room to spare. */
#define MAX_CELLS (1 << 26)

typedef struct {
    int height, width;
    int n;            /* white cells, row-major */
    int nseg;         /* row segments first (reading order), then column segments */
    int nclue;        /* clues in reading order */
    const char **text;
    int *index;       /* height * width: white index or -1 */
    int *wr, *wc;     /* each white cell's row and column */
    int *row, *col;   /* each white cell's two segments */
    int *seg_start;   /* nseg + 1 offsets into seg_cells */
    int *seg_cells;   /* 2n: each segment's cells, ascending */
    int *clue_r, *clue_c, *clue_num;
    int *near_start;  /* nclue + 1 offsets into near */
    int *near;        /* white neighbours up, right, down, left */
    PyObject *rows;   /* a tuple of the rows, holding them while ``text`` points into them */
    void *block;
} Tables;

static void tables_free(Tables *t) {
    PyMem_Free(t->block);
    PyMem_Free(t->text);
    Py_CLEAR(t->rows);
    t->block = NULL;
    t->text = NULL;
}

/* The rows of a board as a tuple (holding the strings while ``text`` points into
 * them: a list could drop them) and each row's characters in ``*text`` (freed with
 * PyMem_Free); the tuple, or NULL with an exception set. Rows are ASCII str of one
 * length, 1 to 2^26 cells in all. */
static PyObject *read_rows(PyObject *rows, const char ***text, Py_ssize_t *height,
                           Py_ssize_t *width) {
    PyObject *seq = PySequence_Tuple(rows);
    if (seq == NULL) return NULL;
    Py_ssize_t H = PyTuple_GET_SIZE(seq), W = -1;
    *text = PyMem_Malloc(sizeof(char *) * (size_t)(H > 0 ? H : 1));
    if (*text == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t r = 0; r < H; r++) {
        PyObject *row = PyTuple_GET_ITEM(seq, r);
        Py_ssize_t size;
        if (!PyUnicode_Check(row)) {
            PyErr_SetString(PyExc_TypeError, "rows must be str");
            goto fail;
        }
        if (!PyUnicode_IS_ASCII(row)) {
            PyErr_SetString(PyExc_ValueError, "rows must be ASCII");
            goto fail;
        }
        (*text)[r] = PyUnicode_AsUTF8AndSize(row, &size);
        if ((*text)[r] == NULL) goto fail;
        if (W < 0) W = size;
        if (size != W) {
            PyErr_SetString(PyExc_ValueError, "rows of one length");
            goto fail;
        }
    }
    if (H < 1 || W < 1 || (double)H * (double)W > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "a board of 1 to 2^26 cells");
        goto fail;
    }
    *height = H;
    *width = W;
    return seq;
fail:
    PyMem_Free(*text);
    *text = NULL;
    Py_DECREF(seq);
    return NULL;
}

/* The tables of the board whose rows are ``rows`` (see read_rows); 0, or -1 with
 * an exception set. */
static int tables_of(PyObject *rows, Tables *t) {
    memset(t, 0, sizeof(*t));
    Py_ssize_t height, width;
    t->rows = read_rows(rows, &t->text, &height, &width); /* held until tables_free */
    if (t->rows == NULL) return -1;
    t->height = (int)height;
    t->width = (int)width;
    size_t cells = (size_t)height * (size_t)width;
    int n = 0, nclue = 0, nseg = 0;
    for (int r = 0; r < t->height; r++)
        for (int c = 0; c < t->width; c++) {
            char ch = t->text[r][c];
            if (ch == '.') {
                n++;
                if (c == 0 || t->text[r][c - 1] != '.') nseg++;
                if (r == 0 || t->text[r - 1][c] != '.') nseg++;
            } else if (ch >= '0' && ch <= '4') {
                nclue++;
            }
        }
    size_t ints = cells + 4 * (size_t)n + (size_t)nseg + 1 + 2 * (size_t)n
                  + 3 * (size_t)nclue + (size_t)nclue + 1 + 4 * (size_t)nclue;
    int *block = PyMem_Malloc(sizeof(int) * ints);
    if (block == NULL) {
        tables_free(t);
        PyErr_NoMemory();
        return -1;
    }
    t->block = block;
    t->index = block; block += cells;
    t->wr = block; block += n;
    t->wc = block; block += n;
    t->row = block; block += n;
    t->col = block; block += n;
    t->seg_start = block; block += nseg + 1;
    t->seg_cells = block; block += 2 * (size_t)n;
    t->clue_r = block; block += nclue;
    t->clue_c = block; block += nclue;
    t->clue_num = block; block += nclue;
    t->near_start = block; block += nclue + 1;
    t->near = block;
    t->n = n;
    t->nseg = nseg;
    t->nclue = nclue;
    int W = t->width, i = 0, s = 0, k = 0;
    for (int r = 0; r < t->height; r++)
        for (int c = 0; c < W; c++)
            if (t->text[r][c] == '.') {
                t->index[r * W + c] = i;
                t->wr[i] = r;
                t->wc[i] = c;
                i++;
            } else {
                t->index[r * W + c] = -1;
            }
    int filled = 0;
    for (int r = 0; r < t->height; r++) /* row segments, in reading order */
        for (int c = 0; c < W; c++) {
            int w = t->index[r * W + c];
            if (w < 0) continue;
            if (c == 0 || t->index[r * W + c - 1] < 0) t->seg_start[s++] = filled;
            t->row[w] = s - 1;
            t->seg_cells[filled++] = w;
        }
    for (int c = 0; c < W; c++) /* column segments, column by column */
        for (int r = 0; r < t->height; r++) {
            int w = t->index[r * W + c];
            if (w < 0) continue;
            if (r == 0 || t->index[(r - 1) * W + c] < 0) t->seg_start[s++] = filled;
            t->col[w] = s - 1;
            t->seg_cells[filled++] = w;
        }
    t->seg_start[nseg] = filled;
    int m = 0;
    for (int r = 0; r < t->height; r++)
        for (int c = 0; c < W; c++) {
            char ch = t->text[r][c];
            if (ch < '0' || ch > '4') continue;
            t->clue_r[k] = r;
            t->clue_c[k] = c;
            t->clue_num[k] = ch - '0';
            t->near_start[k] = m;
            int around[4] = {r > 0 ? t->index[(r - 1) * W + c] : -1,
                             c + 1 < W ? t->index[r * W + c + 1] : -1,
                             r + 1 < t->height ? t->index[(r + 1) * W + c] : -1,
                             c > 0 ? t->index[r * W + c - 1] : -1};
            for (int d = 0; d < 4; d++)
                if (around[d] >= 0) t->near[m++] = around[d];
            k++;
        }
    t->near_start[nclue] = m;
    return 0;
}

static PyObject *int_list(const int *values, Py_ssize_t count) {
    PyObject *out = PyList_New(count);
    if (out == NULL) return NULL;
    for (Py_ssize_t j = 0; j < count; j++) {
        PyObject *v = PyLong_FromLong(values[j]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, j, v);
    }
    return out;
}

static PyObject *cell(int r, int c) { return Py_BuildValue("(ii)", r, c); }

/* tables(rows) -> (whites, segments, row, col, clues), as small.Tables.of. */
static PyObject *fast_tables(PyObject *self, PyObject *rows) {
    Tables t;
    if (tables_of(rows, &t) < 0) return NULL;
    PyObject *whites = NULL, *segments = NULL, *row = NULL, *col = NULL, *clues = NULL;
    whites = PyList_New(t.n);
    segments = PyList_New(t.nseg);
    clues = PyList_New(t.nclue);
    if (whites == NULL || segments == NULL || clues == NULL) goto fail;
    for (int i = 0; i < t.n; i++) {
        PyObject *v = cell(t.wr[i], t.wc[i]);
        if (v == NULL) goto fail;
        PyList_SET_ITEM(whites, i, v);
    }
    for (int s = 0; s < t.nseg; s++) {
        PyObject *v = int_list(t.seg_cells + t.seg_start[s], t.seg_start[s + 1] - t.seg_start[s]);
        if (v == NULL) goto fail;
        PyList_SET_ITEM(segments, s, v);
    }
    for (int k = 0; k < t.nclue; k++) {
        PyObject *near = int_list(t.near + t.near_start[k], t.near_start[k + 1] - t.near_start[k]);
        if (near == NULL) goto fail;
        PyObject *v = Py_BuildValue("((ii)iN)", t.clue_r[k], t.clue_c[k], t.clue_num[k], near);
        if (v == NULL) goto fail;
        PyList_SET_ITEM(clues, k, v);
    }
    row = int_list(t.row, t.n);
    col = int_list(t.col, t.n);
    if (row == NULL || col == NULL) goto fail;
    tables_free(&t);
    return Py_BuildValue("(NNNNN)", whites, segments, row, col, clues);
fail:
    Py_XDECREF(whites);
    Py_XDECREF(segments);
    Py_XDECREF(row);
    Py_XDECREF(col);
    Py_XDECREF(clues);
    tables_free(&t);
    return NULL;
}

/* obstacles(rows) -> None or (kind, a, b): small.plain_obstacles, the first of:
 * kind 1, clue a has only b white neighbours; kind 2, white cell a cannot be lit
 * (every cell of its two segments touches a 0 clue). */
static PyObject *fast_obstacles(PyObject *self, PyObject *rows) {
    Tables t;
    if (tables_of(rows, &t) < 0) return NULL;
    for (int k = 0; k < t.nclue; k++) {
        int count = t.near_start[k + 1] - t.near_start[k];
        if (count < t.clue_num[k]) {
            tables_free(&t);
            return Py_BuildValue("(iii)", 1, k, count);
        }
    }
    char *banned = PyMem_Calloc((size_t)t.n + 1, 1);
    if (banned == NULL) {
        tables_free(&t);
        return PyErr_NoMemory();
    }
    for (int k = 0; k < t.nclue; k++)
        if (t.clue_num[k] == 0)
            for (int q = t.near_start[k]; q < t.near_start[k + 1]; q++) banned[t.near[q]] = 1;
    int found = -1;
    for (int i = 0; i < t.n && found < 0; i++) {
        if (!banned[i]) continue;
        int all = 1, ss[2] = {t.row[i], t.col[i]};
        for (int x = 0; x < 2 && all; x++)
            for (int q = t.seg_start[ss[x]]; q < t.seg_start[ss[x] + 1] && all; q++)
                all = banned[t.seg_cells[q]];
        if (all) found = i;
    }
    PyMem_Free(banned);
    tables_free(&t);
    if (found >= 0) return Py_BuildValue("(iii)", 2, found, 0);
    Py_RETURN_NONE;
}

/* The propagation of small.deduce, step for step. */
typedef struct {
    Tables *t;
    signed char *state;
    int *lit, *open, *yes_near, *open_near;
    int *clues_of_start, *clues_of;
    int *segs_todo, nsegs_todo;
    int *clues_todo, nclues_todo;
    int kind, a, b; /* the contradiction: 0 none, then as fast_deduce says */
} Run;

static void darken(Run *run, int j) {
    Tables *t = run->t;
    run->state[j] = NO;
    int ss[2] = {t->row[j], t->col[j]};
    for (int x = 0; x < 2; x++) {
        run->open[ss[x]]--;
        run->segs_todo[run->nsegs_todo++] = ss[x];
    }
    for (int q = run->clues_of_start[j]; q < run->clues_of_start[j + 1]; q++) {
        int k = run->clues_of[q];
        run->open_near[k]--;
        run->clues_todo[run->nclues_todo++] = k;
    }
}

/* 0, or -1 when two lights would share a segment (run->kind set). */
static int light(Run *run, int i) {
    Tables *t = run->t;
    run->state[i] = YES;
    int ss[2] = {t->row[i], t->col[i]};
    for (int x = 0; x < 2; x++) {
        int s = ss[x];
        run->lit[s]++;
        run->open[s]--;
        if (run->lit[s] > 1) {
            int found = 0;
            for (int q = t->seg_start[s]; q < t->seg_start[s + 1] && found < 2; q++) {
                int j = t->seg_cells[q];
                if (run->state[j] == YES) {
                    if (found == 0) run->a = j; else run->b = j;
                    found++;
                }
            }
            run->kind = 1;
            return -1;
        }
    }
    for (int q = run->clues_of_start[i]; q < run->clues_of_start[i + 1]; q++) {
        int k = run->clues_of[q];
        run->yes_near[k]++;
        run->open_near[k]--;
        run->clues_todo[run->nclues_todo++] = k;
    }
    for (int x = 0; x < 2; x++) {
        int s = ss[x];
        for (int q = t->seg_start[s]; q < t->seg_start[s + 1]; q++) {
            int j = t->seg_cells[q];
            if (run->state[j] == UNKNOWN) darken(run, j);
        }
    }
    return 0;
}

static long propagate(Run *run) {
    Tables *t = run->t;
    long steps = 0;
    while (run->nsegs_todo || run->nclues_todo) {
        steps++;
        while (run->nclues_todo) {
            int k = run->clues_todo[--run->nclues_todo];
            int number = t->clue_num[k];
            int yes = run->yes_near[k], room = run->yes_near[k] + run->open_near[k];
            if (yes > number) {
                run->kind = 2, run->a = k, run->b = yes;
                return steps;
            }
            if (room < number) {
                run->kind = 3, run->a = k, run->b = room;
                return steps;
            }
            if (run->open_near[k] && yes == number) {
                for (int q = t->near_start[k]; q < t->near_start[k + 1]; q++)
                    if (run->state[t->near[q]] == UNKNOWN) darken(run, t->near[q]);
            } else if (run->open_near[k] && room == number) {
                for (int q = t->near_start[k]; q < t->near_start[k + 1]; q++)
                    if (run->state[t->near[q]] == UNKNOWN && light(run, t->near[q]) < 0)
                        return steps;
            }
        }
        while (run->nsegs_todo && !run->nclues_todo) {
            int s = run->segs_todo[--run->nsegs_todo];
            if (run->lit[s]) continue;
            for (int q = t->seg_start[s]; q < t->seg_start[s + 1]; q++) {
                int i = t->seg_cells[q];
                int a = t->row[i], b = t->col[i];
                if (run->lit[a] || run->lit[b]) continue;
                int left = run->open[a] + run->open[b] - (run->state[i] == UNKNOWN);
                if (left > 1) continue;
                if (left == 0) {
                    run->kind = 4, run->a = i;
                    return steps;
                }
                int target = i;
                if (run->state[i] != UNKNOWN) {
                    target = -1;
                    int ab[2] = {a, b};
                    for (int x = 0; x < 2 && target < 0; x++)
                        for (int p = t->seg_start[ab[x]]; p < t->seg_start[ab[x] + 1]; p++)
                            if (run->state[t->seg_cells[p]] == UNKNOWN) {
                                target = t->seg_cells[p];
                                break;
                            }
                }
                if (light(run, target) < 0) return steps;
                run->segs_todo[run->nsegs_todo++] = s;
                break;
            }
        }
    }
    return steps;
}

/* deduce(rows) -> (state, steps, contradiction): small.deduce's state per white
 * cell (-1 open, 0 dark, 1 light), its steps, and None or (kind, a, b): kind 1 two
 * lights a and b (white indices) in one segment, 2 clue a would get b lights, 3 clue
 * a has room for only b, 4 white cell a can no longer be lit. */
static PyObject *fast_deduce(PyObject *self, PyObject *rows) {
    Tables t;
    if (tables_of(rows, &t) < 0) return NULL;
    int n = t.n, S = t.nseg, K = t.nclue;
    size_t ints = 2 * (size_t)S + 2 * (size_t)K + (size_t)n + 1 + 4 * (size_t)K
                  + ((size_t)S + 3 * (size_t)n + 1) + ((size_t)K + 8 * (size_t)n + 1);
    int *block = PyMem_Malloc(sizeof(int) * ints + (size_t)n + 1);
    if (block == NULL) {
        tables_free(&t);
        return PyErr_NoMemory();
    }
    Run run;
    memset(&run, 0, sizeof(run));
    run.t = &t;
    int *p = block;
    run.lit = p; p += S;
    run.open = p; p += S;
    run.yes_near = p; p += K;
    run.open_near = p; p += K;
    run.clues_of_start = p; p += n + 1;
    run.clues_of = p; p += 4 * (size_t)K;
    run.segs_todo = p; p += S + 3 * (size_t)n + 1;
    run.clues_todo = p; p += K + 8 * (size_t)n + 1;
    run.state = (signed char *)p;
    memset(run.state, UNKNOWN, (size_t)n);
    for (int s = 0; s < S; s++) {
        run.lit[s] = 0;
        run.open[s] = t.seg_start[s + 1] - t.seg_start[s];
    }
    memset(run.clues_of_start, 0, sizeof(int) * ((size_t)n + 1));
    for (int k = 0; k < K; k++) {
        run.yes_near[k] = 0;
        run.open_near[k] = t.near_start[k + 1] - t.near_start[k];
        for (int q = t.near_start[k]; q < t.near_start[k + 1]; q++)
            run.clues_of_start[t.near[q] + 1]++;
    }
    for (int i = 0; i < n; i++) run.clues_of_start[i + 1] += run.clues_of_start[i];
    {
        int *fill = run.segs_todo; /* scratch: where each cell's next clue goes */
        memcpy(fill, run.clues_of_start, sizeof(int) * (size_t)n);
        for (int k = 0; k < K; k++)
            for (int q = t.near_start[k]; q < t.near_start[k + 1]; q++)
                run.clues_of[fill[t.near[q]]++] = k;
    }
    for (int s = 0; s < S; s++)
        if (t.seg_start[s + 1] - t.seg_start[s] == 1) run.segs_todo[run.nsegs_todo++] = s;
    for (int k = K - 1; k >= 0; k--) run.clues_todo[run.nclues_todo++] = k;
    long steps = propagate(&run);
    PyObject *state = PyList_New(n), *out = NULL;
    if (state != NULL) {
        int ok = 1;
        for (int i = 0; i < n && ok; i++) {
            PyObject *v = PyLong_FromLong(run.state[i]);
            if (v == NULL) ok = 0; else PyList_SET_ITEM(state, i, v);
        }
        if (!ok)
            Py_CLEAR(state);
        else if (run.kind)
            out = Py_BuildValue("(Nl(iii))", state, steps, run.kind, run.a, run.b);
        else
            out = Py_BuildValue("(NlO)", state, steps, Py_None);
    }
    PyMem_Free(block);
    tables_free(&t);
    return out;
}

/* The state list (-1, 0, 1 per white cell) into ``into``; 0, or -1 with an
 * exception set. */
static int read_state(PyObject *state, int n, signed char *into) {
    PyObject *seq = PySequence_Tuple(state); /* a list could shrink under __index__ */
    if (seq == NULL) return -1;
    if (PyTuple_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "one state per white cell");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < -1 || v > 1) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a state is -1, 0 or 1");
            return -1;
        }
        into[i] = (signed char)v;
    }
    Py_DECREF(seq);
    return 0;
}

/* The variables (open cell j is j + 1, 0 for decided cells), each segment's open
 * cells and each cell's "lit by a fixed light". */
typedef struct {
    signed char *state;
    int *var, *size, nopen;
    char *lit;
    void *block;
} Residual;

static int residual_of(Tables *t, PyObject *state, Residual *res) {
    int n = t->n, S = t->nseg;
    char *block = PyMem_Malloc((size_t)n * (1 + sizeof(int) + 1) + (size_t)S * (sizeof(int) + 1) + 8);
    if (block == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    res->block = block;
    res->var = (int *)block;
    res->size = res->var + n;
    res->state = (signed char *)(res->size + S);
    res->lit = (char *)(res->state + n);
    if (read_state(state, n, res->state) < 0) {
        PyMem_Free(block);
        return -1;
    }
    char *lit_seg = res->lit + n;
    memset(lit_seg, 0, (size_t)S);
    res->nopen = 0;
    for (int i = 0; i < n; i++) {
        res->var[i] = res->state[i] == UNKNOWN ? ++res->nopen : 0;
        if (res->state[i] == YES) lit_seg[t->row[i]] = lit_seg[t->col[i]] = 1;
    }
    for (int i = 0; i < n; i++) res->lit[i] = lit_seg[t->row[i]] || lit_seg[t->col[i]];
    for (int s = 0; s < S; s++) {
        int m = 0;
        for (int q = t->seg_start[s]; q < t->seg_start[s + 1]; q++) m += res->var[t->seg_cells[q]] != 0;
        res->size[s] = m;
    }
    return 0;
}

/* The tables and the residual of the arguments (rows, state); 0, or -1 with an
 * exception set and nothing to free. */
static int residual_args(PyObject *args, Tables *t, Residual *res) {
    PyObject *rows, *state;
    if (!PyArg_ParseTuple(args, "OO", &rows, &state)) return -1;
    if (tables_of(rows, t) < 0) return -1;
    if (residual_of(t, state, res) < 0) {
        tables_free(t);
        return -1;
    }
    return 0;
}

/* literals(rows, state) -> int: small.Open.literals. */
static PyObject *fast_literals(PyObject *self, PyObject *args) {
    Tables t;
    Residual res;
    if (residual_args(args, &t, &res) < 0) return NULL;
    long long sight = 0, at_most_one = 0, clues = 0;
    for (int i = 0; i < t.n; i++)
        if (!res.lit[i]) sight += res.size[t.row[i]] + res.size[t.col[i]];
    for (int s = 0; s < t.nseg; s++) {
        long long m = res.size[s];
        at_most_one += m * (m - 1) < 6 * m ? m * (m - 1) : 6 * m;
    }
    for (int q = 0; q < t.near_start[t.nclue]; q++) clues += res.var[t.near[q]] != 0;
    PyMem_Free(res.block);
    tables_free(&t);
    return PyLong_FromLongLong(sight + at_most_one + 16 * clues);
}

/* A growing list of clauses. */
static int add_clause(PyObject *group, const int *lits, int count) {
    PyObject *clause = int_list(lits, count);
    if (clause == NULL) return -1;
    int rc = PyList_Append(group, clause);
    Py_DECREF(clause);
    return rc;
}

/* Every ``k``-subset of ``lits`` (in itertools.combinations' order) into ``group``. */
static int add_combinations(PyObject *group, const int *lits, int m, int k) {
    int pick[5], chosen[5];
    if (k < 1 || k > m || k > 5) return 0;
    for (int j = 0; j < k; j++) pick[j] = j;
    for (;;) {
        for (int j = 0; j < k; j++) chosen[j] = lits[pick[j]];
        if (add_clause(group, chosen, k) < 0) return -1;
        int j = k - 1;
        while (j >= 0 && pick[j] == m - k + j) j--;
        if (j < 0) return 0;
        pick[j]++;
        for (int x = j + 1; x < k; x++) pick[x] = pick[x - 1] + 1;
    }
}

/* cnf(rows, state) -> (sight, at_most, clues, top, contradictions): the three clause
 * groups of small.Open.cnf, the highest variable, and how many cells or clues
 * cannot be satisfied. */
static PyObject *fast_cnf(PyObject *self, PyObject *args) {
    Tables t;
    Residual res;
    if (residual_args(args, &t, &res) < 0) return NULL;
    int n = t.n, S = t.nseg;
    PyObject *sight = PyList_New(0), *at_most = PyList_New(0), *clues = PyList_New(0);
    int *lits = PyMem_Malloc(sizeof(int) * (2 * (size_t)n + (size_t)S + 8)), *order;
    long top = res.nopen, contradictions = 0;
    if (sight == NULL || at_most == NULL || clues == NULL || lits == NULL) {
        if (lits == NULL) PyErr_NoMemory();
        goto fail;
    }
    order = lits + 2 * (size_t)n + 4;
    for (int i = 0; i < n; i++) { /* each unlit cell: its row's open cells, its column's */
        if (res.lit[i]) continue;
        int m = 0, own = res.var[i], a = t.row[i], b = t.col[i];
        for (int q = t.seg_start[a]; q < t.seg_start[a + 1]; q++)
            if (res.var[t.seg_cells[q]]) lits[m++] = res.var[t.seg_cells[q]];
        for (int q = t.seg_start[b]; q < t.seg_start[b + 1]; q++) {
            int v = res.var[t.seg_cells[q]];
            if (v && v != own) lits[m++] = v;
        }
        if (m == 0)
            contradictions++;
        else if (add_clause(sight, lits, m) < 0)
            goto fail;
    }
    { /* at most one light per segment, the segments by size (a stable counting sort) */
        int longest = 0, placed = 0;
        for (int s = 0; s < S; s++) if (res.size[s] > longest) longest = res.size[s];
        for (int size = 2; size <= longest; size++)
            for (int s = 0; s < S; s++)
                if (res.size[s] == size) order[placed++] = s;
        for (int x = 0; x < placed; x++) {
            int s = order[x], m = 0;
            for (int q = t.seg_start[s]; q < t.seg_start[s + 1]; q++)
                if (res.var[t.seg_cells[q]]) lits[m++] = res.var[t.seg_cells[q]];
            if (m <= PAIRWISE_UP_TO) {
                for (int j = 0; j < m; j++) lits[j] = -lits[j];
                if (add_combinations(at_most, lits, m, 2) < 0) goto fail;
                continue;
            }
            /* Sinz's sequential counter: s_j, "one of the first j is true". */
            long first = top + 1;
            top += m - 1;
            int pair[2];
            for (int j = 0; j < m - 1; j++) {
                pair[0] = -lits[j], pair[1] = (int)(first + j);
                if (add_clause(at_most, pair, 2) < 0) goto fail;
            }
            for (int j = 0; j < m - 2; j++) {
                pair[0] = -(int)(first + j), pair[1] = (int)(first + j + 1);
                if (add_clause(at_most, pair, 2) < 0) goto fail;
            }
            for (int j = 0; j < m - 1; j++) {
                pair[0] = -lits[j + 1], pair[1] = -(int)(first + j);
                if (add_clause(at_most, pair, 2) < 0) goto fail;
            }
        }
    }
    for (int k = 0; k < t.nclue; k++) { /* each clue's missing lights */
        int m = 0, need = t.clue_num[k], negated[4];
        for (int q = t.near_start[k]; q < t.near_start[k + 1]; q++) {
            int i = t.near[q];
            if (res.var[i]) lits[m++] = res.var[i];
            need -= res.state[i] == YES;
        }
        if (need < 0 || need > m) {
            contradictions++;
            continue;
        }
        for (int j = 0; j < m; j++) negated[j] = -lits[j];
        if (need < m && add_combinations(clues, negated, m, need + 1) < 0) goto fail;
        if (need > 0 && add_combinations(clues, lits, m, m - need + 1) < 0) goto fail;
    }
    PyMem_Free(lits);
    PyMem_Free(res.block);
    tables_free(&t);
    return Py_BuildValue("(NNNll)", sight, at_most, clues, top, contradictions);
fail:
    Py_XDECREF(sight);
    Py_XDECREF(at_most);
    Py_XDECREF(clues);
    PyMem_Free(lits);
    PyMem_Free(res.block);
    tables_free(&t);
    return NULL;
}

/* valid(rows, lights) -> bool: whether the lights ((row, column) pairs) break no
 * rule: each on a white cell of the board, no two in one run of white cells, every
 * white cell in a run with a light along its row or its column, every clue touching
 * its number of lights. False for anything else (check.py then words each fault).
 * Like check.py, it shares nothing with the encoders but the rows' text: it finds the
 * runs itself, so a fault in the tables above cannot hide a wrong solution. */
static PyObject *fast_valid(PyObject *self, PyObject *args) {
    PyObject *rows, *lights;
    if (!PyArg_ParseTuple(args, "OO", &rows, &lights)) return NULL;
    Py_ssize_t H, W;
    const char **text = NULL;
    PyObject *seq = read_rows(rows, &text, &H, &W);
    if (seq == NULL) return NULL;
    char *on = NULL, *lit = NULL;
    PyObject *iterator = NULL, *item;
    int ok = 1;
    on = PyMem_Calloc((size_t)H * (size_t)W, 2);
    if (on == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    lit = on + (size_t)H * W;
    iterator = PyObject_GetIter(lights);
    if (iterator == NULL) goto fail;
    while ((item = PyIter_Next(iterator)) != NULL) {
        long r = -1, c = -1;
        if (PyTuple_Check(item) && PyTuple_GET_SIZE(item) == 2) {
            r = PyLong_AsLong(PyTuple_GET_ITEM(item, 0));
            if (!(r == -1 && PyErr_Occurred())) c = PyLong_AsLong(PyTuple_GET_ITEM(item, 1));
            if (PyErr_Occurred()) { /* not a cell: no verdict here, check.py words it */
                if (!PyErr_ExceptionMatches(PyExc_TypeError)
                    && !PyErr_ExceptionMatches(PyExc_OverflowError)
                    && !PyErr_ExceptionMatches(PyExc_ValueError)) {
                    Py_DECREF(item);
                    goto fail;
                }
                PyErr_Clear();
                r = c = -1;
            }
        }
        Py_DECREF(item);
        if (r < 0 || r >= H || c < 0 || c >= W || text[r][c] != '.' || on[r * W + c]) {
            ok = 0;
            break;
        }
        on[r * W + c] = 1;
    }
    if (PyErr_Occurred()) goto fail;
    for (Py_ssize_t r = 0; ok && r < H; r++) /* the runs along each row */
        for (Py_ssize_t c = 0; ok && c < W;) {
            if (text[r][c] != '.') {
                c++;
                continue;
            }
            Py_ssize_t end = c;
            int count = 0;
            while (end < W && text[r][end] == '.') count += on[r * W + end++];
            if (count > 1) ok = 0;
            for (; count && c < end; c++) lit[r * W + c] = 1;
            c = end;
        }
    for (Py_ssize_t c = 0; ok && c < W; c++) /* and each column */
        for (Py_ssize_t r = 0; ok && r < H;) {
            if (text[r][c] != '.') {
                r++;
                continue;
            }
            Py_ssize_t end = r;
            int count = 0;
            while (end < H && text[end][c] == '.') count += on[end * W + c], end++;
            if (count > 1) ok = 0;
            for (; count && r < end; r++) lit[r * W + c] = 1;
            r = end;
        }
    for (Py_ssize_t r = 0; ok && r < H; r++)
        for (Py_ssize_t c = 0; ok && c < W; c++) {
            char ch = text[r][c];
            if (ch == '.') {
                ok = lit[r * W + c];
            } else if (ch >= '0' && ch <= '4') {
                int count = (r > 0 && on[(r - 1) * W + c]) + (r + 1 < H && on[(r + 1) * W + c])
                            + (c > 0 && on[r * W + c - 1]) + (c + 1 < W && on[r * W + c + 1]);
                ok = count == ch - '0';
            }
        }
    Py_DECREF(iterator);
    PyMem_Free(on);
    PyMem_Free(text);
    Py_DECREF(seq);
    return PyBool_FromLong(ok);
fail:
    Py_XDECREF(iterator);
    PyMem_Free(on);
    PyMem_Free(text);
    Py_DECREF(seq);
    return NULL;
}

static PyMethodDef methods[] = {
    {"tables", fast_tables, METH_O, "tables(rows) -> (whites, segments, row, col, clues)"},
    {"obstacles", fast_obstacles, METH_O, "obstacles(rows) -> None or (kind, a, b)"},
    {"deduce", fast_deduce, METH_O, "deduce(rows) -> (state, steps, contradiction)"},
    {"literals", fast_literals, METH_VARARGS, "literals(rows, state) -> int"},
    {"cnf", fast_cnf, METH_VARARGS,
     "cnf(rows, state) -> (sight, at_most, clues, top, contradictions)"},
    {"valid", fast_valid, METH_VARARGS, "valid(rows, lights) -> bool"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fast",
    "Akari's plain-Python path (small.py, check.py) in C, held to it by the tests.", -1,
    methods,
};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
