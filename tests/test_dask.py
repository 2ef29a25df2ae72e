"""The Dask integration: a distributed LocalCluster solves a chunked array of puzzles and gets
what solve_many gets on one machine."""

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

import dask  # noqa: E402

import fastsudoku as fs  # noqa: E402
from conftest import dataset  # noqa: E402
from fastsudoku.dask import solve_many_dask  # noqa: E402


def _array(lines):
    return np.array([[0 if ch in ".0" else int(ch) for ch in p] for p in lines], dtype=np.uint8)


@pytest.fixture
def client():
    # Function scope: the cluster is gone before the tests that use Dask's local schedulers
    # (older Dask warns when a local scheduler runs beside an active distributed client).
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


def test_local_cluster_equals_solve_many(client):
    lines = dataset("puzzles3_magictour_top1465")[:400]
    arr = _array(lines)
    arr[5, :2] = 7  # one invalid row among them
    puzzles = da.from_array(arr, chunks=(64, 81))
    lazy = solve_many_dask(puzzles, limit=2)
    solutions, status, counts, guesses = dask.compute(*lazy)
    local = fs.solve_many(arr, limit=2, threads=1)
    assert np.array_equal(solutions, local.solutions)
    assert np.array_equal(status, local.status) and status[5] == fs.INVALID
    assert np.array_equal(counts, local.counts)
    assert np.array_equal(guesses, local.guesses)
    assert len(client.scheduler_info()["workers"]) == 2


def test_other_shapes_and_bad_input():
    empty4 = da.zeros((6, 16), dtype=np.int32, chunks=(4, 8))  # column chunks are joined
    solutions, status, counts, _ = dask.compute(
        *solve_many_dask(empty4, limit=3), scheduler="synchronous"
    )
    assert solutions.dtype == np.int32 and solutions.shape == (6, 16)
    assert status.tolist() == [fs.NOT_UNIQUE] * 6 and counts.tolist() == [3] * 6
    with pytest.raises(ValueError):
        solve_many_dask(da.zeros((2, 9, 9), dtype=np.uint8))
    with pytest.raises(TypeError):
        solve_many_dask(da.zeros((2, 81), dtype=np.float32))


def test_dlx_engine_through_dask():
    lines = dataset("puzzles3_magictour_top1465")[:40]
    arr = np.array([[0 if ch in ".0" else int(ch) for ch in p] for p in lines], dtype=np.uint8)
    got = dask.compute(
        *solve_many_dask(da.from_array(arr, chunks=(16, 81)), engine="dlx"), scheduler="synchronous"
    )
    want = fs.solve_many(arr, engine="dlx", threads=1)
    assert (got[0] == want.solutions).all() and (got[3] == want.guesses).all()
    with pytest.raises(ValueError, match="unknown engine"):
        solve_many_dask(da.from_array(arr), engine="links")


def test_local_cluster_solves_variants(client):
    """Variant puzzles travel to the workers as their rules and come back as solve_many's."""
    from fastsudoku.dask import solve_variants_dask
    from fastsudoku.variants import AntiKnight, Cage, Diagonals, Variant

    line = dataset("puzzles3_magictour_top1465")[0]
    puzzles = [
        Variant(line, constraints=[AntiKnight()]),
        Variant("." * 16, constraints=[Diagonals()]),
        Variant("." * 81, constraints=[Cage([(0, 0), (0, 0)], 3)]),  # malformed: INVALID
        "not a variant",
        Variant("." * 81, constraints=[Cage(["R1C1", "R1C2"], 30)]),  # no solution
    ] * 5
    bag = solve_variants_dask(puzzles, limit=2, npartitions=4)
    got = bag.compute()
    local = fs.solve_many(puzzles, limit=2, threads=1)
    assert [g[0] for g in got] == local.solutions
    assert [g[1] for g in got] == local.status.tolist()
    assert [g[2] for g in got] == local.counts.tolist()
    assert [g[1] for g in got[:5]] == [
        int(local.status[0]),
        fs.NOT_UNIQUE,
        fs.INVALID,
        fs.INVALID,
        fs.NO_SOLUTION,
    ]
    assert len(client.scheduler_info()["workers"]) == 2


def test_local_cluster_rates_as_rate_many(client):
    from fastsudoku.dask import rate_many_dask

    lines = dataset("puzzles2_17_clue")[:40]
    arr = _array(lines)
    arr[3, :2] = 5  # one invalid row
    arr[7] = 0  # one with many solutions
    lazy = rate_many_dask(da.from_array(arr, chunks=(8, 81)))
    status, se, pearl, diamond, hardest = dask.compute(*lazy)
    local = fs.rate_many(arr, threads=1)
    assert np.array_equal(status, local.status)
    assert status[3] == fs.INVALID and status[7] == fs.NOT_UNIQUE
    for got, want in zip((se, pearl, diamond), local[1:4]):
        assert np.array_equal(got, want, equal_nan=True)
    assert np.array_equal(hardest, local.hardest)
    assert np.isfinite(se).sum() >= 30
    assert len(client.scheduler_info()["workers"]) == 2
    # the nesting of SE's chains reaches the workers: a puzzle that needs chains nested
    # in dynamic chains is rated at 4 and past the techniques at 1
    nested = _array([NESTED_PUZZLE] * 2)
    for nesting, want in ((4, 10.3), (1, None)):
        lazy = rate_many_dask(da.from_array(nested, chunks=(1, 81)), nesting=nesting)
        se = dask.compute(*lazy)[1]
        assert se.tolist() == [want] * 2 if want else np.isnan(se).all()


# SE rates it 10.3 with forcing chains nested in dynamic chains (tests/data/se_nested.tsv)
NESTED_PUZZLE = "...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327"


def test_local_cluster_canonicalizes_as_canonical_many(client):
    from fastsudoku.dask import canonical_many_dask, unique_classes_dask

    lines = dataset("puzzles2_17_clue")[:40]
    arr = _array(lines)
    copies = np.array(
        [
            list(fs.Transform.random((3, 3), k).apply_values(bytes(row)))
            for k, row in enumerate(arr)
        ],
        dtype=np.uint8,
    )
    both = np.concatenate([arr, copies])
    both[5, :2] = 4  # repeated givens
    canonical, status = dask.compute(*canonical_many_dask(da.from_array(both, chunks=(16, 81))))
    local = fs.canonical_many(both, threads=1)
    assert np.array_equal(canonical, local.canonical) and np.array_equal(status, local.status)
    assert status[5] == fs.INVALID and (np.delete(status, 5) == fs.SOLVED).all()
    classes = unique_classes_dask(da.from_array(both, chunks=(16, 81)))
    want = fs.unique_classes(both)
    assert np.array_equal(classes.classes, want.classes)
    assert np.array_equal(classes.representatives, want.representatives)
    assert classes.classes[5] == -1
    assert all(classes.classes[40 + k] == classes.classes[k] for k in range(40) if k != 5)
    assert len(client.scheduler_info()["workers"]) == 2
