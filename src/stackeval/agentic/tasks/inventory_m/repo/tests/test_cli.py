import io

from inventory.cli import main


def run(path, *args):
    out, err = io.StringIO(), io.StringIO()
    code = main(["--file", str(path), *args], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_add_adjust_and_list(tmp_path):
    path = tmp_path / "stock.json"
    assert run(path, "add", "hex-0007", "hex key 4mm", "--quantity", "5")[0] == 0
    assert run(path, "adjust", "HEX-0007", "-2") == (0, "HEX-0007: 3\n", "")
    code, out, _ = run(path, "list")
    assert code == 0
    assert out.split() == ["HEX-0007", "3", "hex", "key", "4mm"]
    code, _, err = run(path, "adjust", "HEX-0007", "-4")
    assert code == 1 and "only 3 in stock" in err


def test_low_lists_items_at_their_reorder_level(tmp_path):
    path = tmp_path / "stock.json"
    run(path, "add", "TAP-0001", "tape", "--quantity", "4", "--reorder-level", "4")
    run(path, "add", "GLU-0002", "glue", "--quantity", "9", "--reorder-level", "4")
    code, out, _ = run(path, "low")
    assert code == 0
    assert out == "TAP-0001  4/4  tape\n"


def test_report_shows_values_and_total(tmp_path):
    path = tmp_path / "stock.json"
    run(path, "add", "CBL-0010", "cable 2m", "--quantity", "12", "--price-cents", "349")
    run(path, "add", "ADP-0020", "adapter", "--quantity", "3", "--price-cents", "1999")
    code, out, _ = run(path, "report")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].split() == ["ADP-0020", "3", "59.97", "adapter"]
    assert lines[2].split() == ["CBL-0010", "12", "41.88", "cable", "2m"]
    assert lines[-1] == "total value: 101.85"
