"""Plain records used by the handlers."""

from dataclasses import dataclass, field


@dataclass
class Book:
    isbn: str
    title: str
    author: str
    price_cents: int
    stock: int


@dataclass
class CartLine:
    book: Book
    quantity: int

    @property
    def net_cents(self):
        return self.book.price_cents * self.quantity


@dataclass
class Voucher:
    code: str
    percent: int  # 10 means 10 % off the net total
    single_use: bool = True


@dataclass
class Cart:
    lines: list = field(default_factory=list)
    voucher: Voucher | None = None

    def add(self, book, quantity=1):
        for line in self.lines:
            if line.book.isbn == book.isbn:
                line.quantity += quantity
                return
        self.lines.append(CartLine(book, quantity))


@dataclass
class Session:
    token: str
    user_id: int
    created_at: float
