from inventory.formatting import column_widths, table


def test_table_layout():
    text = table([["BOLT-LONG-NAME-0000000", 12345678]], ["SKU-COLUMN-HEADER-WIDE", "QUANTITY-HEADER"])
    assert text.splitlines() == [
        "SKU-COLUMN-HEADER-WIDE  QUANTITY-HEADER",
        "----------------------  ---------------",
        "BOLT-LONG-NAME-0000000  12345678",
    ]
    shared = [30, 2]
    assert column_widths([["x", "yyy"]], ["a", "b"], shared) == [30, 3]
    assert shared == [30, 3]


def test_independent_tables_get_their_own_widths():
    table([["a longer cell", 1]], ["NAME", "N"])
    assert table([["ab", 7]], ["NAME", "N"]).splitlines() == ["NAME  N", "----  -", "ab    7"]
