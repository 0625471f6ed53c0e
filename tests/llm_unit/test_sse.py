"""The SSE parser on hand-made streams: every line end servers use, pings, events cut
across reads at every byte, multi-line data, no final [DONE], fields to ignore."""
from __future__ import annotations

import pytest

from narrator.llm.sse import SSEParser, events

# A real two-event stream, CRLF line ends, with a ping and an id between the events.
TWO = ('data: {"choices":[{"delta":{"content":"Rain"}}]}\r\n\r\n'
       ": ping\r\n\r\n"
       "id: 7\r\n"
       'data: {"choices":[{"delta":{"content":" again."}}]}\r\n\r\n')
TWO_DATA = ['{"choices":[{"delta":{"content":"Rain"}}]}',
            '{"choices":[{"delta":{"content":" again."}}]}']


def feed_all(chunks) -> list[str]:
    """Events as the client reads them: after each chunk, then what closing completes."""
    parser = SSEParser()
    out = []
    for chunk in chunks:
        out.extend(parser.feed(chunk))
    out.extend(parser.close())
    return out


@pytest.mark.parametrize("end", ["\r\n", "\n", "\r"], ids=["CRLF", "LF", "CR"])
def test_every_line_end(end):
    stream = f"data: one{end}{end}data: two{end}{end}data: [DONE]{end}{end}"
    assert feed_all([stream]) == ["one", "two", "[DONE]"]


def test_mixed_line_ends_in_one_stream():
    assert feed_all(["data: a\r\n\r\ndata: b\n\ndata: c\r\rdata: d\r\n\n"]) == ["a", "b", "c", "d"]


def test_pings_and_comments_are_not_events():
    stream = ": ping\n\n:\n\ndata: x\n: a comment inside an event\n\n: ping - 2024\n\n"
    assert feed_all([stream]) == ["x"]


def test_a_stream_of_only_pings_gives_nothing():
    assert feed_all([": ping\n\n"] * 50) == []


@pytest.mark.parametrize("cut", range(len(TWO) + 1))
def test_an_event_cut_across_two_reads_at_every_position(cut):
    # The cuts include the middle of every "\r\n": a CR at the end of a read must wait.
    assert feed_all([TWO[:cut], TWO[cut:]]) == TWO_DATA


@pytest.mark.parametrize("cut", range(0, len(TWO) + 1, 7))
def test_cut_at_two_positions(cut):
    for second in range(cut, len(TWO) + 1, 5):
        assert feed_all([TWO[:cut], TWO[cut:second], TWO[second:]]) == TWO_DATA


def test_one_character_at_a_time():
    assert feed_all(list(TWO)) == TWO_DATA
    assert feed_all(list(TWO.replace("\r\n", "\n"))) == TWO_DATA
    assert feed_all(list(TWO.replace("\r\n", "\r"))) == TWO_DATA


def test_an_event_is_given_as_soon_as_it_is_complete():
    parser = SSEParser()
    assert list(parser.feed("data: a\n")) == []
    assert list(parser.feed("\n")) == ["a"]
    assert list(parser.feed("data: b\r\n\r")) == []      # the last CR may be half a CRLF
    assert list(parser.feed("\n")) == ["b"]


def test_multi_line_data_is_joined_with_newlines():
    stream = "data: first\ndata: second\ndata:third\ndata:\n\n"
    assert feed_all([stream]) == ["first\nsecond\nthird\n"]


def test_only_one_leading_space_is_dropped():
    assert feed_all(["data:  two spaces\n\n"]) == [" two spaces"]


def test_a_missing_final_done_and_blank_line():
    # The server hung up after the last event's data line: closing completes it.
    assert feed_all(['data: {"x": 1}\n\ndata: {"y": 2}']) == ['{"x": 1}', '{"y": 2}']
    assert feed_all(['data: {"x": 1}\n\ndata: {"y": 2}\r']) == ['{"x": 1}', '{"y": 2}']
    assert feed_all(['data: {"x": 1}\n\ndata: {"y": 2}\n']) == ['{"x": 1}', '{"y": 2}']
    assert feed_all(['data: {"x": 1}\n\n']) == ['{"x": 1}']


def test_fields_other_than_data_are_ignored():
    stream = ("event: message\nid: 42\nretry: 1000\nfoo: bar\ndata: kept\n\n"
              "event: only-an-event\n\n"
              "id: 43\n\n"
              "datax: not data\n\n")
    assert feed_all([stream]) == ["kept"]


def test_a_data_line_without_a_colon_is_empty_data():
    assert feed_all(["data\n\n"]) == [""]


def test_events_helper_reads_an_iterable_of_chunks():
    assert list(events([TWO[:10], TWO[10:60], TWO[60:]])) == TWO_DATA
    assert list(events(iter(["data: last"]))) == ["last"]
    assert list(events([])) == []


def test_a_long_line_in_small_reads_is_read_in_linear_time():
    """A megabyte-long line arriving 1 KB at a time must not be scanned from its start
    at every read (that is minutes of work, not milliseconds)."""
    import time

    line = "data: " + "x" * 1_000_000
    chunks = [line[i:i + 1024] for i in range(0, len(line), 1024)] + ["\n\n"]
    start = time.monotonic()
    out = feed_all(chunks)
    assert time.monotonic() - start < 2.0
    assert out == ["x" * 1_000_000]
