"""House rules: a variant that changes a few rule fields of a parent variant.

A house rule is an ordinary variant file: it ``extends`` its parent and lists only
what it changes. :func:`editable_fields` lists every rule field of a variant (its
path, a label in words, its type, its current value, and the values or bounds the
loader allows), as the registry of rule fields (:mod:`sheriff_core.rules.fields`)
declares them; :func:`house_rule` turns a mapping of changes into a loaded
:class:`~sheriff_core.rules.variants.Variant` of the parent *as loaded* (not its
file, which may have changed since) by writing that TOML text and loading it with
:func:`~sheriff_core.rules.variants.load_variant` itself, so a house rule is
checked by exactly the same rules as a bundled file (there is no second validator):
a bad value raises the loader's :class:`~sheriff_core.base.errors.VariantError`, naming
the rule broken. :func:`save_house_rule` writes the file (atomically), never over a
file its parent extends nor one another variant file would then find.

>>> fine = house_rule("classic", {"goods.Pepper.penalty": 6})
>>> fine.name, fine.goods["Pepper"].penalty, fine.lineage
('classic-house', 6, ('classic', 'classic-house'))
>>> print(house_rule_toml("classic", {"setup.starting_gold": 30}, name="poor"))
# A house rule: classic with 1 change (made by sheriff_core.rules.house).
extends = "classic"
name = "poor"
title = "classic with a house rule"
summary = "Changes from classic: starting gold from 50 to 30."
<BLANKLINE>
[setup]
starting_gold = 30
<BLANKLINE>
>>> house_rule("classic", {"round.bag_min": 4, "round.bag_max": 3})
Traceback (most recent call last):
...
sheriff_core.base.errors.VariantError: classic-house.toml: [round] bag_max: must be >= 4, got 3
"""

from __future__ import annotations

import dataclasses
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Integral
from pathlib import Path
from typing import Any

from sheriff_core.base.errors import VariantError
from sheriff_core.base.i18n import N_, _
from sheriff_core.rules.fields import (
    CHOICE_WORDS,
    FIELDS,
    LIMITS,
    RuleField,
    instances,
    words,
)
from sheriff_core.rules.variants import Variant, data_dir, load_variant

__all__ = [
    "CHOICE_WORDS",
    "Field",
    "GROUPS",
    "choice_in_words",
    "editable_fields",
    "field_value",
    "house_rule",
    "house_rule_toml",
    "rule_changes",
    "save_house_rule",
]

#: The groups the fields fall in, in the order an editor shows them.
GROUPS = ("Setup", "Round", "Goods", "Bonuses", "Scoring")


@dataclass(frozen=True)
class Field:
    """One rule field of a variant that a house rule may change.

    ``path`` is how a change names it (``"goods.Pepper.penalty"``); ``type`` is
    ``"int"``, ``"bool"`` or ``"choice"``; ``bounds`` (ints) or ``choices`` are the
    values the loader accepts for the field on its own (rules between fields, such as
    bag_min <= bag_max, are the loader's, checked when the house rule is built).
    ``choice_labels`` says each choice in words, in the order of ``choices``
    (``"the player on the Sheriff's left"`` for ``"sheriff_left"``). ``applies`` is
    False for a field the variant's rules do not use (the Deputies' fields of a
    variant with one rotating Sheriff, the Sheriff turns of a deputy deck): an
    editor hides it; a house rule may still set it.
    """

    path: str
    label: str
    group: str
    type: str
    value: Any
    bounds: tuple[int, int] | None = None
    choices: tuple[Any, ...] | None = None
    choice_labels: tuple[str, ...] | None = dataclasses.field(default=None, repr=False)
    applies: bool = True

    def choice_label(self, value: Any) -> str:
        """``value`` (one of ``choices``) in words.

        >>> f = next(f for f in editable_fields("classic") if f.path == "round.market_starter")
        >>> f.choice_label("sheriff_left")
        "the player on the Sheriff's left"
        """
        if self.choices is not None and self.choice_labels is not None:
            for choice, label in zip(self.choices, self.choice_labels, strict=True):
                if choice == _plain(value):
                    return label
        return str(value)

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is within this field's own bounds or choices.

        >>> f = next(f for f in editable_fields("classic") if f.path == "round.bag_max")
        >>> f.bounds, f.allows(5), f.allows(0), f.allows(True)
        ((1, 50), True, False, False)
        """
        if self.type == "bool":
            return isinstance(value, bool)
        if self.type == "int":
            return (
                isinstance(value, Integral)
                and not isinstance(value, bool)
                and self.bounds is not None
                and self.bounds[0] <= int(value) <= self.bounds[1]
            )
        return self.choices is not None and _plain(value) in self.choices


def _words(choice: Any, say: Any = str) -> str:
    """A choice in words; an order of tie-breaks as "most legal goods, then most contraband"
    (``say``: how a message is shown; :func:`str`: in English)."""
    if isinstance(choice, tuple):
        if not choice:
            return say(N_("none: a tie is a shared win"))
        # TRANSLATORS: between the tie-breaks of an order ("most tokens, then most contraband")
        return say(N_(", then ")).join(
            say(N_("most contraband")) if c == "contraband" else say(CHOICE_WORDS.get(c, str(c)))
            for c in choice
        )
    return say(CHOICE_WORDS.get(choice, str(choice)))


def choice_in_words(choice: Any) -> str:
    """A field's choice (a value of its ``choices``) in words, in the current language: the
    words of :meth:`Field.choice_label`, each part translated (a good's name too).

    >>> choice_in_words("sheriff_left"), choice_in_words(("tokens", "contraband"))
    ("the player on the Sheriff's left", 'most tokens, then most contraband')
    >>> choice_in_words("Apples")
    'Apples'
    """
    return _words(_plain(choice), _)


def _field(
    v: Variant, f: RuleField, path: str, names: dict[str, Any], said: dict[str, str]
) -> Field:
    """The editor's :class:`Field` of the registry's field ``f`` at ``path`` in ``v``."""
    label = f.label.format(**said, **names)
    value = f.value(v, **names)
    applies = f.applies(v) if f.applies is not None else True
    if f.type == "int":
        return Field(path, label, f.group, "int", int(value), bounds=f.bounds, applies=applies)
    if f.type == "bool":
        return Field(path, label, f.group, "bool", value, applies=applies)
    choices = tuple(getattr(v, f.choices_from) if f.choices_from else f.choices or ())
    return Field(
        path,
        label,
        f.group,
        "choice",
        value,
        choices=choices,
        choice_labels=tuple(_words(c) for c in choices),
        applies=applies,
    )


def editable_fields(variant: str | Variant) -> list[Field]:
    """Every rule field of ``variant`` (a name, a path or a loaded variant), in groups:
    the registry's fields (:data:`sheriff_core.rules.fields.FIELDS`) in its order, a field
    of each good, token, bonus or player count once for each.

    Players, setup, the round, the Sheriffs, each good (kind, count, value, penalty,
    and what a royal good counts as), the cards removed per player count, each bonus
    and token, debts and tie-breaks. Names, titles and words (``[terms]``) are not
    rules and are not listed.

    >>> fields = {f.path: f for f in editable_fields("classic")}
    >>> fields["goods.Pepper.penalty"].label, fields["goods.Pepper.penalty"].value
    ('Pepper: fine per card (penalty)', 4)
    >>> fields["round.market_starter"].choices
    ('sheriff_left', 'sheriff_chooses')
    >>> fields["round.sheriff_turns_by_players.3"].value, fields["setup.hand_size"].bounds
    (3, (1, 50))
    """
    v = load_variant(variant)
    said = words(v)
    return [_field(v, f, path, names, said) for f, path, names in instances(v)]


def field_value(variant: str | Variant, path: str) -> Any:
    """The current value of the field ``path`` of ``variant``.

    >>> field_value("summary-sheet", "goods.Silk.penalty")
    8
    >>> field_value("classic", "goods.Salt.value")
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.VariantError: classic: no rule field 'goods.Salt.value'
    """
    v = load_variant(variant)
    for f in editable_fields(v):
        if f.path == path:
            return f.value
    raise VariantError("{name}: no rule field {path!r}", name=v.name, path=path)


#: The paths of fields for one player count (``removed.3.Pepper``...), from the registry.
_PER_PLAYERS = re.compile(
    "|".join(
        re.sub(r"\\\{(\w+)\\\}", lambda m: r"\d+" if m.group(1) == "n" else ".+", re.escape(f.path))
        for f in FIELDS
        if "n" in f.each
    )
)


def rule_changes(parent: str | Variant, variant: str | Variant) -> dict[str, tuple[Any, Any]]:
    """The fields whose value differs: ``{path: (parent's value, variant's value)}``.

    Fields only one of them has (a good of one variant only) count as changed, with
    ``None`` on the side that lacks it; except fields for a player count only one of
    them is played with (cards removed with 2 players...): they are not rules of the other.

    >>> rule_changes("classic", "summary-sheet")["goods.Crossbow.penalty"]
    (4, 9)
    >>> len(rule_changes("classic", "summary-sheet"))
    4
    """
    old = {f.path: f.value for f in editable_fields(parent)}
    new = {f.path: f.value for f in editable_fields(variant)}
    return {
        p: (old.get(p), new.get(p))
        for p in list(old) + [p for p in new if p not in old]
        if old.get(p) != new.get(p) and ((p in old and p in new) or not _PER_PLAYERS.fullmatch(p))
    }


# --------------------------------------------------------------------------- writing


def _plain(value: Any) -> Any:
    """numpy integers as ``int``, tuples as lists... (what TOML can hold)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, Integral):
        return int(value)
    if isinstance(value, list | tuple):
        return tuple(_plain(v) for v in value)
    return value


def _nest(changes: Mapping[str, Any], parent: Variant) -> dict[str, Any]:
    """The changes as nested TOML tables (``"goods.Pepper.penalty"`` -> goods/Pepper/penalty).

    A good's or token's name may hold dots or spaces: the section decides the shape.
    """
    tree: dict[str, Any] = {}

    def put(keys: list[str], value: Any, path: str) -> None:
        node = tree
        for key in keys[:-1]:
            node = node.setdefault(key, {})
            if not isinstance(node, dict):
                raise VariantError("{path}: a rule field and a table at once", path=path)
        if keys[-1] in node:
            raise VariantError("{path}: changed twice", path=path)
        node[keys[-1]] = value

    for path, value in changes.items():
        if not isinstance(path, str) or not path.strip():
            raise VariantError(
                "{path!r}: a rule field's path must be a non-empty string", path=path
            )
        section, _, rest = path.partition(".")
        value = _plain(value)
        if isinstance(value, tuple):
            value = list(value)
        if section in ("goods", "tokens", "bonuses") and rest:
            for tail in (".counts_as.good", ".counts_as.n"):
                if rest.endswith(tail):
                    name = rest[: -len(tail)]
                    good = parent.goods.get(name)
                    current = list(good.counts_as) if good and good.counts_as else ["", 1]
                    pair = tree.get(section, {}).get(name, {}).get("counts_as", current)
                    pair[0 if tail.endswith("good") else 1] = value
                    tree.setdefault(section, {}).setdefault(name, {})["counts_as"] = pair
                    break
            else:
                if section == "tokens" and ".supply_by_players." in rest:
                    name, _, n = rest.rpartition(".supply_by_players.")
                    put([section, name, "supply_by_players", n], value, path)
                else:
                    name, _, key = rest.rpartition(".")
                    put([section, name, key] if name else [section, rest], value, path)
        elif section == "removed" and rest:
            n, _, name = rest.partition(".")
            put([section, n, name] if name else [section, n], value, path)
        elif section == "round" and rest.startswith("sheriff_turns_by_players."):
            put([section, "sheriff_turns_by_players", rest.split(".", 1)[1]], value, path)
        else:
            put(path.split("."), value, path)
    return tree


_BARE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _key(key: str) -> str:
    return key if key and set(key) <= _BARE else _string(key)


def _string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _toml_value(value: Any, path: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value) if isinstance(value, float) and value == value else str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v, path) for v in value) + "]"
    raise VariantError(
        "{path}: {value!r} cannot be written in a variant file", path=path, value=value
    )


def _toml_tables(tree: Mapping[str, Any], prefix: tuple[str, ...], lines: list[str]) -> None:
    scalars = [(k, v) for k, v in tree.items() if not isinstance(v, dict)]
    tables = [(k, v) for k, v in tree.items() if isinstance(v, dict)]
    if prefix and (scalars or not tables):
        lines.append("")
        lines.append("[" + ".".join(_key(k) for k in prefix) + "]")
    for k, v in scalars:
        lines.append(f"{_key(k)} = {_toml_value(v, '.'.join((*prefix, k)))}")
    for k, v in tables:
        _toml_tables(v, (*prefix, k), lines)


def _parent_ref(parent: Variant, target: Path | None = None) -> str:
    """How a file (``target``, when known) names its parent: a bundled variant by name,
    any other by its path.

    A bundled parent is named only where the name finds it: ``extends = "classic"`` in a
    folder holding a ``classic.toml`` of its own would find that file, not the bundled one.
    """
    source = Path(parent.source)
    bundled = data_dir() / "variants" / f"{parent.name}.toml"
    if bundled.is_file() and source.is_file() and source.resolve() == bundled.resolve():
        if target is not None:
            here = target.parent / f"{parent.name}.toml"
            if here.resolve() == target.resolve():
                raise VariantError(
                    '{target}: a house rule of {name!r} cannot be called {name2}: its line extends = "{name}" would find the file itself',
                    target=target,
                    name=parent.name,
                    name2=target.name,
                )
            if here.is_file() and here.resolve() != bundled.resolve():
                raise VariantError(
                    '{target}: its folder holds a {name} of its own, so the line extends = "{name2}" would find that file, not the bundled {name2}; save the house rule in another folder',
                    target=target,
                    name=here.name,
                    name2=parent.name,
                )
        return parent.name
    if source.is_file():
        return str(source.resolve())
    raise VariantError(
        "{name}: a house rule extends a variant file, and this variant has none (source {source!r}); save it first",
        name=parent.name,
        source=parent.source,
    )


def _extended(ref: str, folder: Path, saved: Path | None = None) -> Path | None:
    """The file ``extends = ref`` finds from a file in ``folder`` (the loader's rule: a
    path relative to the folder; a name in the folder, else a bundled variant), or None;
    ``saved``: a file about to be written, found as if it were there."""

    def there(path: Path) -> bool:
        return path.is_file() or (saved is not None and path.resolve() == saved)

    candidate = Path(ref)
    if candidate.suffix == ".toml" or there(candidate) or "/" in ref or "\\" in ref:
        if not candidate.is_absolute():
            candidate = folder / candidate
        return candidate.resolve() if there(candidate) else None
    for found in (folder / f"{ref}.toml", data_dir() / "variants" / f"{ref}.toml"):
        if there(found):
            return found.resolve()
    return None


def _chain_files(source: str, saved: Path | None = None) -> list[Path]:
    """The files of ``source``'s ``extends`` chain as they are on disk now, itself first
    (``saved``: once that file is written, for a name in the chain may then find it)."""
    import tomllib

    files: list[Path] = []
    path: Path | None = Path(source).resolve() if Path(source).is_file() else None
    while path is not None and path not in files and len(files) <= LIMITS["extends"]:
        files.append(path)
        if path == saved:
            break  # the new file: it extends the parent, and is the chain's end here
        try:
            ref = tomllib.loads(path.read_text(encoding="utf-8")).get("extends")
        except (OSError, ValueError):  # unreadable, not UTF-8, not TOML: the chain ends
            break
        if not isinstance(ref, str) or not ref.strip():
            break
        path = _extended(ref, path.parent, saved)
    return files


def _describe(value: Any) -> str:
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value) or "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def house_rule_toml(
    parent: str | Variant,
    changes: Mapping[str, Any],
    *,
    name: str | None = None,
    title: str | None = None,
) -> str:
    """The TOML text of a house rule: ``extends`` the parent, then only ``changes``.

    ``changes`` maps field paths (see :func:`editable_fields`) to new values. The text
    is not checked here; :func:`house_rule` loads it.

    >>> text = house_rule_toml("classic", {"goods.Pepper.penalty": 6, "debts.order": "any"})
    >>> text.splitlines()[-5:]
    ['[debts]', 'order = "any"', '', '[goods.Pepper]', 'penalty = 6']
    """
    base = load_variant(parent)
    return _house_text(base, changes, name, title, _parent_ref(base))


def _house_text(
    base: Variant, changes: Mapping[str, Any], name: str | None, title: str | None, extends: str
) -> str:
    """The text of :func:`house_rule_toml`, extending the file named ``extends``."""
    name = name if name is not None else f"{base.name}-house"
    tree = _nest(changes, base)
    fields = {f.path: f for f in editable_fields(base)}  # once (field_value lists them all)
    said = []
    for path, value in changes.items():
        if path not in fields:
            said.append(f"{path} = {_describe(_plain(value))}")
        else:
            old = fields[path]
            said.append(f"{old.label} from {_describe(old.value)} to {_describe(_plain(value))}")
    count = len(changes)
    summary = f"Changes from {base.name}: " + "; ".join(said) + "." if said else "No changes."
    head = [
        f"# A house rule: {base.name} with {count} change{'s' * (count != 1)} "
        "(made by sheriff_core.rules.house).",
        f"extends = {_string(extends)}",
        f"name = {_string(name)}",
        f"title = {_string(title if title is not None else f'{base.name} with a house rule')}",
        f"summary = {_string(summary)}",
    ]
    lines: list[str] = []
    # Sections in the order of a variant file.
    order = ["players", "setup", "round", "sheriffs", "debts", "scoring", "goods", "removed"]
    order += ["bonuses", "tokens"]
    ordered = {k: tree[k] for k in order if k in tree}
    ordered.update({k: v for k, v in tree.items() if k not in ordered})
    top = {k: v for k, v in ordered.items() if not isinstance(v, dict)}
    for k, v in top.items():
        head.append(f"{_key(k)} = {_toml_value(v, k)}")
    _toml_tables({k: v for k, v in ordered.items() if isinstance(v, dict)}, (), lines)
    return "\n".join(head + lines) + "\n"


def _standalone_toml(v: Variant) -> str:
    """``v``'s rules as they were loaded (its merged data), as one file extending nothing."""
    lines = [f"# {v.name} as loaded (made by sheriff_core.rules.house)."]
    _toml_tables(v.to_data(), (), lines)
    return "\n".join(lines) + "\n"


def _load_text(
    text: str, file: Path, shown: str, others: Mapping[Path, str] | None = None
) -> Variant:
    """Load the variant text written in ``file``, naming it ``shown`` in errors (and each
    file of ``others`` by its words)."""
    file.write_text(text, encoding="utf-8")
    try:
        return load_variant(file)
    except VariantError as exc:
        message = str(exc)
        for path, words in [(file, shown), *(others or {}).items()]:
            message = message.replace(str(path.resolve()), words).replace(str(path), words)
        raise VariantError(message) from None


def house_rule(
    parent: str | Variant,
    changes: Mapping[str, Any],
    *,
    name: str | None = None,
    title: str | None = None,
) -> Variant:
    """A variant: ``parent`` with ``changes`` (``{field path: value}``), loaded and checked.

    Built from the loaded ``parent`` itself, not from its file (which may have changed
    since, or be gone): the parent's rules as loaded are written to a temporary file, the
    changes to a file extending it, and ``load_variant`` loads the pair, so an unknown
    field or a value the rules refuse raises the loader's ``VariantError``. The result's
    ``lineage`` is the parent's plus the house rule's name; its ``source`` says it is a
    house rule of its parent (there is no file; :func:`save_house_rule` makes one).

    >>> rich = house_rule("second-edition", {"setup.starting_gold": 80}, name="rich")
    >>> rich.starting_gold, rich.market_starter, rich.source
    (80, 'sheriff_chooses', '<house rule rich of second-edition>')
    >>> house_rule("classic", {"setup.startin_gold": 30})
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.VariantError: classic-house.toml: [setup] unknown key 'startin_gold' (= 30); known keys: ['discard_pile_setup', 'discard_piles', 'hand_size', 'starting_gold']
    """
    base = load_variant(parent)
    name = name if name is not None else f"{base.name}-house"
    text = _house_text(base, changes, name, title, "parent.toml")
    with tempfile.TemporaryDirectory(prefix="sheriff-house-") as folder:
        loaded = Path(folder) / "parent.toml"
        loaded.write_text(_standalone_toml(base), encoding="utf-8")
        file = Path(folder) / "house-rule.toml"
        variant = _load_text(text, file, f"{name}.toml", {loaded: f"{base.name} (as loaded)"})
    data = variant.to_data()
    data["lineage"] = [*base.lineage, name]
    return Variant.from_data(data, f"<house rule {name} of {base.name}>")


def _differs(made: Variant, saved: Variant) -> list[str]:
    """The rules (Variant fields but ``source``, and the data) where ``saved`` differs."""
    out = [
        f.name
        for f in dataclasses.fields(Variant)
        if f.compare and f.name != "source" and getattr(made, f.name) != getattr(saved, f.name)
    ]
    return out + ["data"] * (not out and made.to_data() != saved.to_data())


def _check_no_sibling_changes(target: Path) -> None:
    """Refuse a new file that another variant file of its folder would then find by name
    (``extends = "classic"`` finds a ``classic.toml`` beside it before the bundled one):
    saving it would change that file's rules behind the user's back."""
    saved = target.resolve()
    if saved.exists():
        return  # a file the user named, replaced: what extends it was extending it already
    for other in sorted(target.parent.glob("*.toml")):
        if saved in _chain_files(str(other), saved) and saved not in _chain_files(str(other)):
            raise VariantError(
                "{target}: {name} extends a variant by the name {stem!r}, so once saved this file would be found instead and change {name}'s rules: choose another file name",
                target=target,
                name=other.name,
                stem=target.stem,
            )


def save_house_rule(
    path: str | Path,
    parent: str | Variant,
    changes: Mapping[str, Any],
    *,
    name: str | None = None,
    title: str | None = None,
) -> Path:
    """Write the house rule to ``path`` (a ``.toml`` file) and return its path.

    The name defaults to the file's stem. The text is loaded from a temporary file next
    to ``path`` before it takes ``path``'s place (atomically), so a refused house rule
    raises the loader's ``VariantError`` and leaves an existing file as it was. Refused
    too, with the file left as it was: ``path`` being a file of the parent's ``extends``
    chain (the parent itself: the save would overwrite it with a file extending itself),
    a new file another variant file of its folder would then find by name (its rules
    would change), and a saved file that would not load as :func:`house_rule` builds it
    (the parent's file changed on disk since it was loaded).

    >>> import shutil, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> saved = save_house_rule(folder / "poor.toml", "classic", {"setup.starting_gold": 30})
    >>> load_variant(saved).starting_gold, load_variant(saved).name
    (30, 'poor')
    >>> save_house_rule(saved, saved, {"setup.starting_gold": 20})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.VariantError: .../poor.toml: is the file this house rule extends (poor); saving would overwrite it with a file extending itself: choose another file
    >>> shutil.rmtree(folder)
    """
    from sheriff_core.base.files import write_atomic  # the project's one atomic write

    target = Path(path)
    if target.suffix != ".toml":
        raise VariantError("{target}: a variant file's name ends in .toml", target=target)
    base = load_variant(parent)
    name = name if name is not None else target.stem
    ref = _parent_ref(base, target)
    chain = _chain_files(base.source)
    if target.resolve() in chain:
        whose = base.name if target.resolve() == chain[0] else f"{base.name}, through its chain"
        raise VariantError(
            "{target}: is the file this house rule extends ({whose}); saving would overwrite it with a file extending itself: choose another file",
            target=target,
            whose=whose,
        )
    after = _chain_files(base.source, target.resolve())
    if target.resolve() in after:
        by = after[after.index(target.resolve()) - 1]
        raise VariantError(
            "{target}: once saved, this file would be the one the line extends of {by} finds (a file of {name}'s chain), so the chain would extend itself: choose another file name",
            target=target,
            by=by,
            name=base.name,
        )
    _check_no_sibling_changes(target)
    text = _house_text(base, changes, name, title, ref)
    try:
        made: Variant | None = house_rule(base, changes, name=name, title=title)
    except VariantError:
        made = None  # refused from the rules as loaded: the file's own message says why

    def write(tmp: Path) -> None:
        try:
            saved = _load_text(text, tmp, str(target))
        except VariantError:
            if made is None:
                raise
            saved = None
        if made is None or saved is None or _differs(made, saved):
            raise VariantError(
                "{target}: the file {name} ({source}) has changed since it was loaded, so a house rule extending it would not be {name} as loaded with your changes; load it again (and redo the changes) before saving",
                target=target,
                name=base.name,
                source=base.source,
            )

    write_atomic(target, write)
    return target
