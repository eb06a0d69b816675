"""Plain-text stock reports."""


def format_cents(cents):
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def valuation(inventory):
    """Stock value in cents per product family (the SKU's three letters), sorted by family."""
    families = {}
    for item in inventory:
        family = item.sku[:3]
        families[family] = families.get(family, 0) + item.value_cents
    return dict(sorted(families.items()))


def stock_report(inventory):
    lines = [f"{'SKU':<9} {'QTY':>6} {'VALUE':>10}  NAME"]
    for item in inventory:
        lines.append(f"{item.sku:<9} {item.quantity:>6} {format_cents(item.value_cents):>10}  {item.name}")
    lines.append(f"total value: {format_cents(inventory.total_value_cents())}")
    return "\n".join(lines)
