"""Time from the server's first byte to the first character on screen, over a real
HTTP stream: the client's parsing, cleaning and writing, not the model's thinking.

A small SSE server on 127.0.0.1 sends a reply in pieces; the time is taken between the
moment it writes its first byte and the moment narrator writes the first character.
Prints the median over 30 requests, in milliseconds.

    python bench/llm_first_char.py
"""
from __future__ import annotations

import json
import statistics
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

FIRST_BYTE: list[float] = []


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):  # noqa: N802 - http.server's naming
        self.rfile.read(int(self.headers["Content-Length"]))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        time.sleep(0.02)   # the model "thinks"; not counted
        for i, word in enumerate(["The ", "rain ", "eased."]):
            data = json.dumps({"choices": [{"delta": {"content": word}}]})
            if i == 0:
                FIRST_BYTE.append(time.perf_counter())
            self.wfile.write(f"data: {data}\n\n".encode())
            self.wfile.flush()
        self.wfile.write(b"data: [DONE]\n\n")

    def log_message(self, *args):
        pass


def main() -> None:
    from narrator.llm.config import LLMConfig
    from narrator.llm.openai import OpenAIChat
    from narrator.llm.sanitize import Cleaner

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    client = OpenAIChat(LLMConfig(url=f"http://127.0.0.1:{server.server_port}/v1", model="m"))
    delays = []
    for _ in range(30):
        cleaner = Cleaner(1500)
        first = None
        for piece in client.stream([{"role": "user", "content": "hi"}]):
            text = cleaner.feed(piece)
            if text and first is None:
                sys.stdout.write("")   # the screen write, as the REPL does it
                first = time.perf_counter()
        delays.append(first - FIRST_BYTE[-1])
    server.shutdown()
    print(f"server's first byte to first character: {statistics.median(delays) * 1000:.2f} ms (median of 30)")


if __name__ == "__main__":
    main()
