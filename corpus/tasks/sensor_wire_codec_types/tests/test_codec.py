import json
from collections import Counter, OrderedDict
from datetime import date, datetime, timezone
from decimal import Decimal

import pytest
from decode import DecodeError, decode_record
from encode import EncodeError, encode_record, encode_value

AT = datetime(2024, 5, 2, 14, 30, 5, tzinfo=timezone.utc)


def test_numbers_and_text():
    assert encode_value(3) == {"t": "int", "v": 3}
    assert encode_value(2.5) == {"t": "float", "v": 2.5}
    assert encode_value(Decimal("1.10")) == {"t": "decimal", "v": "1.10"}
    assert encode_value("ok") == {"t": "str", "v": "ok"}


def test_decoding_hand_written_records():
    line = json.dumps({"armed": {"t": "bool", "v": False}, "seen": {"t": "datetime", "v": "2024-05-02T14:30:05+00:00"},
                       "day": {"t": "date", "v": "2024-05-02"}})
    assert decode_record(line) == {"armed": False, "seen": AT, "day": date(2024, 5, 2)}
    with pytest.raises(DecodeError, match="not a JSON record"):
        decode_record("{oops")


def test_lists_and_unsupported_values():
    assert decode_record(encode_record({"temps": [20.5, 21, None]}))["temps"] == [20.5, 21, None]
    with pytest.raises(EncodeError, match="cannot send a set"):
        encode_value({1, 2})
    with pytest.raises(DecodeError, match="unknown type tag 'blob'"):
        decode_record(json.dumps({"x": {"t": "blob", "v": ""}}))


def test_mappings_of_any_kind():
    counts = Counter(["open", "close", "open"])
    back = decode_record(encode_record({"events": counts, "zones": OrderedDict(a=1), "plain": {"x": 1.5}}))
    assert back == {"events": {"open": 2, "close": 1}, "zones": {"a": 1}, "plain": {"x": 1.5}}
