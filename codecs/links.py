"""Taking a slug out of whatever a person pasted: a bare slug, a full link, a link whose
query string was percent-encoded or had `+` turned into spaces, text with whitespace around."""

from __future__ import annotations

from urllib.parse import unquote


def strip_text(text: str) -> str:
    """Trim surrounding whitespace and a pair of surrounding quotes or angle brackets."""
    text = text.strip()
    for left, right in (("<", ">"), ('"', '"'), ("'", "'")):
        if len(text) >= 2 and text[0] == left and text[-1] == right:
            text = text[1:-1].strip()
    return text


def is_link(text: str) -> bool:
    return "://" in text or text.startswith(("www.", "?", "#"))


def query_params(text: str) -> dict[str, str]:
    """The raw (still percent-encoded) parameters of a link's query string, first wins."""
    query = text.split("?", 1)[1] if "?" in text else ""
    query = query.split("#", 1)[0]
    params: dict[str, str] = {}
    for part in query.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        params.setdefault(unquote(name), value)
    return params


def fragment(text: str) -> str | None:
    """The raw fragment of a link (after `#`), or None."""
    return text.split("#", 1)[1] if "#" in text else None


def percent_decode(text: str) -> str:
    """Undo %XX escapes, leaving `+` as it is (a base64 `+` is data, not a space)."""
    return unquote(text, errors="strict") if "%" in text else text


def slug_from(text: str, params: tuple[str, ...] = (), *, fragment_prefix: str | None = None) -> str:
    """The slug inside `text`: the value of the first of `params` found in a query string,
    else the fragment after `fragment_prefix`, else the whole text. Percent escapes are
    undone; whitespace around is dropped."""
    text = strip_text(text)
    if any(text.startswith(name + "=") for name in params):
        text = "?" + text
    if "?" in text or "&" in text:
        found = query_params(text if "?" in text else "?" + text)
        for name in params:
            if name in found:
                return _decode_safely(found[name]).strip()
    if fragment_prefix is not None and "#" in text:
        frag = fragment(text) or ""
        if frag.startswith(fragment_prefix):
            frag = frag[len(fragment_prefix):]
        return _decode_safely(frag).strip()
    return _decode_safely(text)


def _decode_safely(text: str) -> str:
    try:
        return percent_decode(text)
    except UnicodeDecodeError:
        return text
