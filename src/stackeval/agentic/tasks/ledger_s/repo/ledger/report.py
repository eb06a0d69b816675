"""Balances and the trial balance."""

from ledger.money import format_amount


def balances(journal, start=None, end=None):
    """Balance of every account (in its normal direction), over the journal or a period."""
    entries = journal.entries if start is None else journal.between(start, end)
    out = {a.code: 0 for a in journal.chart}
    for e in entries:
        for code, debit, credit in e.lines:
            account = journal.chart.get(code)
            out[code] += debit - credit if account.debit_normal else debit - credit
    return out


def trial_balance(journal, start=None, end=None):
    """Lines ``code name balance``, then a total of debit-normal minus credit-normal balances (zero when
    the books balance)."""
    bal = balances(journal, start, end)
    lines, total = [], 0
    for a in journal.chart:
        lines.append(f"{a.code} {a.name:<12} {format_amount(bal[a.code]):>10}")
        total += bal[a.code] if a.debit_normal else -bal[a.code]
    lines.append(f"{'total':<17} {format_amount(total):>10}")
    return "\n".join(lines)
