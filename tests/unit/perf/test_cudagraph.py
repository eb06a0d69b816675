import pytest

from stackeval.perf.cudagraph import check_k, padded_size, recommend_k

SIZES = [1, 2, 4] + list(range(8, 257, 8)) + list(range(272, 513, 16))


def test_padded_size():
    assert padded_size(4, SIZES) == 4
    assert padded_size(6, SIZES) == 8
    assert padded_size(257, SIZES) == 272
    assert padded_size(513, SIZES) is None
    assert padded_size(3, []) is None


@pytest.mark.parametrize(
    ("k", "hit", "padded"),
    [(3, True, 4), (5, False, 8), (7, True, 8), (11, False, 16), (15, True, 16)],
)
def test_check_k_single_stream(k, hit, padded):
    c = check_k(k, SIZES)
    assert c.verify_tokens == k + 1 and c.is_capture_size is hit and c.padded_to == padded
    assert c.wasted_tokens == padded - (k + 1) and c.cudagraphs


def test_check_k_batched_and_eager():
    c = check_k(3, SIZES, batch=6)  # 24 tokens
    assert c.is_capture_size and c.padded_to == 24
    big = check_k(15, SIZES, batch=40)  # 640 tokens > 512
    assert not big.is_capture_size and big.padded_to is None and "eagerly" in big.note
    none = check_k(3, [])
    assert not none.cudagraphs and not none.is_capture_size and none.padded_to is None
    with pytest.raises(ValueError):
        check_k(0, SIZES)


def test_recommend_k():
    assert recommend_k(SIZES) == [1, 3, 7, 15]
    assert recommend_k(SIZES, candidates=[3, 5, 7, 11, 15]) == [3, 7, 15]
    assert recommend_k([1, 2, 4, 8, 16, 24, 32], batch=2) == [1, 3, 7, 11, 15]
    assert recommend_k([]) == []
