"""lz-string against the JavaScript original's published vectors, round trips, and hostile streams."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from slugboard.codecs.errors import SlugError
from slugboard.codecs.sudoku.lzstring import (
    compress_to_base64,
    compress_to_encoded_uri_component,
    decompress_from_base64,
    decompress_from_encoded_uri_component,
)

VECTORS = json.loads((Path(__file__).parent / "data" / "lzstring.json").read_text(encoding="utf-8"))


def test_the_tattoo_text_compresses_to_the_originals_base64():
    assert compress_to_base64(VECTORS["tattoo"]) == VECTORS["tattoo_base64"]


def test_the_originals_base64_decompresses_to_the_tattoo_text():
    assert decompress_from_base64(VECTORS["tattoo_base64"]) == VECTORS["tattoo"]


def test_the_uri_form_matches_the_original_and_reads_spaces_as_plus():
    assert compress_to_encoded_uri_component(VECTORS["tattoo"]) == VECTORS["tattoo_uri"]
    assert decompress_from_encoded_uri_component(VECTORS["tattoo_uri_with_spaces"]) == VECTORS["tattoo"]


@pytest.mark.parametrize("text", ["", "Hello world!", "aaaaabaaaaacaaaaadaaaaaeaaaaa", "€ and 😀 and ü" * 20])
def test_known_texts_round_trip_and_repeats_get_shorter(text):
    packed = compress_to_base64(text)
    assert len(packed) % 4 == 0
    assert decompress_from_base64(packed) == text
    if text == "aaaaabaaaaacaaaaadaaaaaeaaaaa":
        assert len(packed) < len(text)


@given(st.text(max_size=300))
def test_any_text_round_trips_both_forms(text):
    assert decompress_from_base64(compress_to_base64(text)) == text
    assert decompress_from_encoded_uri_component(compress_to_encoded_uri_component(text)) == text


@pytest.mark.slow
def test_output_past_the_limit_is_refused_not_built():
    packed = compress_to_base64("a" * 200_000)
    assert len(packed) < 2_000
    with pytest.raises(SlugError, match="grows past"):
        decompress_from_base64(packed, limit=100_000)


@pytest.mark.parametrize("bad", ["Bo" + "A" * 50, "!!!!", "CIVwTglgdg5gBAFwIYIQezdG"])
def test_broken_streams_raise_slug_errors(bad):
    with pytest.raises(SlugError):
        decompress_from_base64(bad)


@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=", max_size=200))
def test_random_base64_gives_text_or_a_slug_error(text):
    try:
        out = decompress_from_base64(text, limit=50_000)
    except SlugError:
        return
    assert isinstance(out, str) and len(out) <= 50_000
