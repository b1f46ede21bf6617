"""Payments: gold paid (fines, the Sheriff's penalty), a debt the gold does not cover
paid with goods from the stand (which goods, in which order, no change given), and the
token exchanges of goods for tokens."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from sheriff_core.base.errors import IllegalAction, IllegalDebtPayment
from sheriff_core.base.i18n import Names, Term
from sheriff_core.engine.actions import Done, Exchange, PayDebt
from sheriff_core.engine.events import Exchanged, Paid, PaidInGoods
from sheriff_core.engine.state import LOOT, GameState, take_multiset
from sheriff_core.engine.steps import DebtChoice


class PaymentRules(GameState):
    """Paying gold and goods; exchanging goods for tokens."""

    # ------------------------------------------------------------ payments and debts

    def _pay(self, payer: int, payee: int, amount: int, goods_to: int | None = None) -> None:
        """``payer`` owes ``amount`` gold to ``payee`` (a seat or LOOT); goods given for a
        debt go to ``goods_to`` (default: the payee)."""
        # DEBT-1: pay in gold as far as you can
        coins = min(self.gold[payer], amount)
        self.gold[payer] -= coins
        if payee == LOOT:
            self.loot += coins
        else:
            self.gold[payee] += coins
        self._emit(Paid(self.round, payer, "loot" if payee == LOOT else payee, coins, amount))
        rest = amount - coins
        if rest == 0:
            return
        payee = payee if goods_to is None else goods_to
        # DEBT-2: the rest in goods from the stand at their value; DEBT-4: an empty stand's
        # shortfall is forgiven (_give_goods)
        forced, pool, need = self._debt_pool(payer, rest)
        values = self.variant.goods
        if sum(values[c].value for c in pool) <= need:
            self._give_goods(payer, payee, forced + pool, rest)
            return
        covers = list(_minimal_covers(pool, need, values, limit=2))
        if len(covers) == 1:
            self._give_goods(payer, payee, forced + covers[0], rest)
            return
        self.pending.append(DebtChoice(payer, payee, rest, tuple(forced), need))

    def _debt_pool(self, seat: int, debt: int) -> tuple[list[str], list[str], int]:
        """(cards that must be given, cards to choose from, value still to cover)."""
        goods = self.variant.goods
        stand = self.stands[seat]
        # DEBT-2 (legal goods first, field debts.order) or DIS-DEBT-1 (any goods)
        if self.variant.debt_order == "any":
            return [], list(stand), debt
        legal = [c for c in stand if goods[c].kind == "legal"]
        legal_value = sum(goods[c].value for c in legal)
        if legal_value >= debt:
            return [], legal, debt
        return legal, [c for c in stand if goods[c].kind != "legal"], debt - legal_value

    def debt_options(self, limit: int | None = None) -> list[PayDebt]:
        """Every way to pay the pending debt (minimal sets of stand cards; the first
        ``limit`` of them if given), most valuable cards first."""
        pend = self._pending(DebtChoice)
        forced, pool, need = self._debt_pool(pend.debtor, pend.debt)
        covers = _minimal_covers(pool, need, self.variant.goods, limit)
        return [PayDebt(tuple(forced + c)) for c in covers]

    def _check_debt(self, a: PayDebt) -> None:
        pend = self._pending(DebtChoice)
        debtor, debt = pend.debtor, pend.debt
        goods = self.variant.goods
        # DEBT-2: debts are paid with goods from your own stand
        if take_multiset(self.stands[debtor], a.cards) is None:
            raise IllegalDebtPayment(
                "cannot pay with {cards}: debts are paid with goods from your own stand",
                cards=Names(a.cards),
            )
        forced, pool, need = self._debt_pool(debtor, debt)
        # DEBT-2: legal goods before contraband (DIS-DEBT-1: any order)
        chosen = take_multiset(a.cards, forced)
        if chosen is None or take_multiset(pool, chosen) is None:
            if self.variant.debt_order == "legal_first" and forced:
                msg = "all your legal goods must be given before contraband"
            else:
                msg = "legal goods cover this debt: contraband may not be given"
            raise IllegalDebtPayment(
                "cannot pay with {cards}: {msg}", cards=Names(a.cards), msg=msg
            )
        total = sum(goods[c].value for c in chosen)
        # DEBT-3: goods worth at least the debt
        if total < need:
            raise IllegalDebtPayment(
                "goods worth {total} do not cover the {need} still owed: give goods worth at least the debt",
                total=total,
                need=need,
            )
        # DEBT-3: no change is given, so no card that is not needed
        if total - min(goods[c].value for c in chosen) >= need:
            raise IllegalDebtPayment(
                "goods worth {total} pay more than needed for {need}: no change is given, so give no card that is not needed to reach the debt",
                total=total,
                need=need,
            )

    def _do_pay_debt(self, a: PayDebt, _: None) -> None:
        pend = self.pending.pop(0)
        assert type(pend) is DebtChoice
        self._give_goods(pend.debtor, pend.creditor, list(a.cards), pend.debt)

    def _give_goods(self, payer: int, payee: int, cards: list[str], owed: int) -> None:
        goods = self.variant.goods
        stand = take_multiset(self.stands[payer], cards)
        assert stand is not None
        self.stands[payer] = stand
        self.stands[payee].extend(cards)
        value = sum(goods[c].value for c in cards)
        self._emit(PaidInGoods(self.round, payer, payee, cards, value, max(0, owed - value)))

    # ------------------------------------------------------------ tokens

    def _exchanges(self, seat: int) -> list[str]:
        """Tokens ``seat`` could take now (enough goods on the stand, supply left)."""
        out = []
        stand = self.stands[seat]
        for name, tok in self.variant.tokens.items():
            if self.token_supply[name] > 0 and stand.count(tok.good) >= tok.per_token:
                out.append(name)
        return out

    def _check_exchange(self, seat: int, token: str) -> None:
        v = self.variant
        # DIS-TOK-1: goods are exchanged for tokens only in a variant with tokens
        if not v.tokens:
            raise IllegalAction("{name} has no tokens to exchange goods for", name=v.name)
        tok = v.tokens.get(token)
        if tok is None:
            raise IllegalAction(
                "no token called {token!r}; tokens: {tokens}", token=token, tokens=Names(v.tokens)
            )
        # DIS-TOK-3: a merchant exchanges during their own market turn or after their bag
        if seat in self.sheriffs:
            raise IllegalAction(
                "only a merchant exchanges goods, during their own turn or after their bag"
            )
        # DIS-TOK-2: the token supply is limited
        if self.token_supply[token] <= 0:
            raise IllegalAction("no {token} tokens are left in the supply", token=Term(token))
        # DIS-TOK-1: three goods of one kind on the board for one token (field per_token)
        have = self.stands[seat].count(tok.good)
        if have < tok.per_token:
            raise IllegalAction(
                "a {token} token costs {per_token} {good} on your {term}; you have {have}",
                token=Term(token),
                per_token=tok.per_token,
                good=Term(tok.good),
                term=Term(v.term("stand")),
                have=have,
            )

    def _check_any_exchange(self, a: Exchange) -> None:
        self._check_exchange(self.to_move, a.token)  # type: ignore[arg-type]

    def _do_exchange(self, seat: int, token: str) -> None:
        tok = self.variant.tokens[token]
        stand = self.stands[seat]
        for _ in range(tok.per_token):
            stand.remove(tok.good)
        self.exchanged.extend([tok.good] * tok.per_token)
        self.tokens[seat][token] += 1
        self.token_supply[token] -= 1
        self._emit(Exchanged(self.round, seat, token, [tok.good] * tok.per_token))

    def _do_exchange_action(self, a: Exchange, _: None) -> None:
        self._do_exchange(self.to_move, a.token)  # type: ignore[arg-type]

    def _do_done(self, a: Done, _: None) -> None:
        self.pending.pop(0)


def _minimal_covers(
    pool: Sequence[str], need: int, goods: Any, limit: int | None = None
) -> Iterator[list[str]]:
    """Distinct sub-multisets of ``pool`` worth >= need from which no card can be dropped."""
    counts = Counter(pool)
    names = sorted(counts, key=lambda c: (-goods[c].value, c))
    found = 0

    def rec(i: int, chosen: list[str], total: int) -> Iterator[list[str]]:
        if total >= need:
            if total - min(goods[c].value for c in chosen) < need:
                yield list(chosen)
            return
        if i == len(names):
            return
        name = names[i]
        for take in range(counts[name], -1, -1):
            yield from rec(i + 1, chosen + [name] * take, total + take * goods[name].value)

    for cover in rec(0, [], 0):
        yield cover
        found += 1
        if limit is not None and found >= limit:
            return
