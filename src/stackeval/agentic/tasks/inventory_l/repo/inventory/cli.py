"""Command line: ``python -m inventory.cli [--file stock.json] <command> ...``."""

import argparse
import sys

from inventory import forecast, formatting, orders, reports, store
from inventory.models import InventoryError, Item


def build_parser():
    parser = argparse.ArgumentParser(prog="inventory")
    parser.add_argument("--file", default="inventory.json", help="inventory file (JSON)")
    sub = parser.add_subparsers(dest="command", required=True)

    add = sub.add_parser("add", help="add a new item")
    add.add_argument("sku")
    add.add_argument("name")
    add.add_argument("--quantity", type=int, default=0)
    add.add_argument("--reorder-level", type=int, default=0)
    add.add_argument("--price-cents", type=int, default=0)

    adjust = sub.add_parser("adjust", help="change the quantity on hand")
    adjust.add_argument("sku")
    adjust.add_argument("delta", type=int)

    listing = sub.add_parser("list", help="list items, one page at a time")
    listing.add_argument("--page", type=int, default=1)
    listing.add_argument("--page-size", type=int, default=20)

    sub.add_parser("low", help="items at or below their reorder level")
    sub.add_parser("report", help="stock value report")

    cover = sub.add_parser("cover", help="days of stock left at the recent sales rate")
    cover.add_argument("sku")
    cover.add_argument("--sales", required=True, help="daily sales, oldest first, comma-separated")
    cover.add_argument("--window", type=int, default=7)
    return parser


def run(args, out):
    inventory = store.load(args.file)
    if args.command == "add":
        item = Item(args.sku, args.name, args.quantity, args.reorder_level, args.price_cents)
        inventory.add(item)
        store.save(inventory, args.file)
        print(f"added {item.sku}", file=out)
    elif args.command == "adjust":
        item = inventory.adjust(args.sku, args.delta)
        store.save(inventory, args.file)
        print(f"{item.sku}: {item.quantity}", file=out)
    elif args.command == "list":
        for item in orders.page(inventory, args.page, args.page_size):
            print(f"{item.sku}  {item.quantity:>6}  {item.name}", file=out)
    elif args.command == "low":
        for item in inventory.low_stock():
            print(f"{item.sku}  {item.quantity}/{item.reorder_level}  {item.name}", file=out)
    elif args.command == "report":
        print(reports.stock_report(inventory), file=out)
    elif args.command == "cover":
        item = inventory.get(args.sku)
        history = [int(x) for x in args.sales.split(",") if x.strip()]
        days = forecast.days_of_cover(item.quantity, history, args.window)
        rate = forecast.moving_average(history, args.window)
        row = [item.sku, item.quantity, f"{rate:.1f}", "-" if days is None else days]
        print(formatting.table([row], ["SKU", "QTY", "PER DAY", "DAYS"]), file=out)


def main(argv=None, out=None, err=None):
    out = out or sys.stdout
    err = err or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        run(args, out)
    except InventoryError as e:
        print(f"error: {e}", file=err)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
