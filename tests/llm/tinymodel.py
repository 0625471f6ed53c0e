"""A tiny llama-architecture GGUF model with random weights, written with `gguf` only.

It exists so the LLM narrator can be tested against a real OpenAI-compatible server
(llama-cpp-python's) with no download: the model loads in llama.cpp and generates
tokens — garbage text, since the weights are random, but through the real tokenizer,
chat template, sampler and HTTP stack.

The tokenizer is SentencePiece-style (`tokenizer.ggml.model = "llama"`): <unk>, <s>,
</s>, the two ChatML markers, the 256 byte-fallback tokens <0x00>..<0xFF> (llama.cpp
needs them: any text it cannot piece together falls back to bytes, and the newline
token is looked up as <0x0A>), the printable ASCII characters, and some common English
words with every prefix, so the SPM bigram merges can build them.

Same seed, same bytes: the file is deterministic.
"""
from __future__ import annotations

from pathlib import Path

import gguf
import numpy as np

# Hyperparameters: small enough to write in milliseconds and to keep the file < 1 MB.
N_CTX = 4096   # room for a whole narration prompt (its tokens are mostly single characters)
N_EMBD = 64
N_HEAD = 4
N_HEAD_KV = 4
N_LAYER = 2
N_FF = 128
RMS_EPS = 1e-5
ROPE_BASE = 10000.0
SEED = 1234

UNK, BOS, EOS = 0, 1, 2
IM_START, IM_END = "<|im_start|>", "<|im_end|>"

# ChatML, the format llama-cpp-python also knows by name.
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)

_WORDS = (
    "the and a of to in is it was he she they you I that with for on as at by from "
    "but not his her their this there then had have said one all were be so out up "
    "into over night door room card story house hand eyes voice letter knife rain "
    "dark light quiet name time who what when where why Takeo Fumie"
).split()


def _vocabulary() -> tuple[list[str], list[float], list[int]]:
    """Tokens, scores and types, in id order."""
    T = gguf.TokenType
    tokens: list[str] = ["<unk>", "<s>", "</s>", IM_START, IM_END]
    scores: list[float] = [0.0] * len(tokens)
    types: list[int] = [T.UNKNOWN, T.CONTROL, T.CONTROL, T.CONTROL, T.CONTROL]
    for b in range(256):
        tokens.append(f"<0x{b:02X}>")
        scores.append(0.0)
        types.append(T.BYTE)

    pieces: list[str] = ["\u2581"]  # "▁", SentencePiece's space
    pieces += [chr(c) for c in range(33, 127)]
    for word in _WORDS:
        spelled = "\u2581" + word
        for end in range(2, len(spelled) + 1):  # every prefix, so merges can reach it
            pieces.append(spelled[:end])
    seen: set[str] = set(tokens)
    for piece in pieces:
        if piece in seen:
            continue
        seen.add(piece)
        tokens.append(piece)
        # SentencePiece scores are log-probabilities: longer pieces merge first.
        scores.append(-100.0 + 10.0 * len(piece) - 0.001 * len(tokens))
        types.append(T.NORMAL)
    return tokens, scores, types


def write_tiny_model(path: Path) -> Path:
    """Write the tiny model to `path` (a .gguf file) and return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tokens, scores, types = _vocabulary()
    n_vocab = len(tokens)
    head_dim = N_EMBD // N_HEAD
    rng = np.random.default_rng(SEED)

    def weight(*shape: int) -> np.ndarray:
        # numpy shape is (rows, cols) = ggml's ne reversed: a (out, in) matrix here is
        # llama.cpp's {in, out}.
        return (rng.standard_normal(shape) * 0.05).astype(np.float32)

    def norm() -> np.ndarray:
        return np.ones(N_EMBD, dtype=np.float32)

    arch = gguf.MODEL_ARCH_NAMES[gguf.MODEL_ARCH.LLAMA]
    MT = gguf.MODEL_TENSOR

    def name(tensor: gguf.MODEL_TENSOR, bid: int | None = None) -> str:
        # gguf.TENSOR_NAMES holds the base names ("blk.{bid}.attn_q"); llama.cpp looks
        # the weights up as "<base>.weight".
        return gguf.TENSOR_NAMES[tensor].format(bid=bid) + ".weight"

    writer = gguf.GGUFWriter(path, arch)
    try:
        writer.add_name("narrator-tiny-random")
        writer.add_file_type(gguf.LlamaFileType.ALL_F32)
        writer.add_vocab_size(n_vocab)
        writer.add_context_length(N_CTX)
        writer.add_embedding_length(N_EMBD)
        writer.add_block_count(N_LAYER)
        writer.add_feed_forward_length(N_FF)
        writer.add_head_count(N_HEAD)
        writer.add_head_count_kv(N_HEAD_KV)
        writer.add_layer_norm_rms_eps(RMS_EPS)
        writer.add_rope_dimension_count(head_dim)
        writer.add_rope_freq_base(ROPE_BASE)

        writer.add_tokenizer_model("llama")
        writer.add_token_list(tokens)
        writer.add_token_scores(scores)
        writer.add_token_types(types)
        writer.add_bos_token_id(BOS)
        writer.add_eos_token_id(EOS)
        writer.add_unk_token_id(UNK)
        writer.add_eot_token_id(tokens.index(IM_END))
        writer.add_add_bos_token(True)
        writer.add_add_eos_token(False)
        writer.add_chat_template(CHAT_TEMPLATE)

        writer.add_tensor(name(MT.TOKEN_EMBD), weight(n_vocab, N_EMBD))
        for bid in range(N_LAYER):
            kv = N_HEAD_KV * head_dim
            writer.add_tensor(name(MT.ATTN_NORM, bid), norm())
            writer.add_tensor(name(MT.ATTN_Q, bid), weight(N_EMBD, N_EMBD))
            writer.add_tensor(name(MT.ATTN_K, bid), weight(kv, N_EMBD))
            writer.add_tensor(name(MT.ATTN_V, bid), weight(kv, N_EMBD))
            writer.add_tensor(name(MT.ATTN_OUT, bid), weight(N_EMBD, N_EMBD))
            writer.add_tensor(name(MT.FFN_NORM, bid), norm())
            writer.add_tensor(name(MT.FFN_GATE, bid), weight(N_FF, N_EMBD))
            writer.add_tensor(name(MT.FFN_UP, bid), weight(N_FF, N_EMBD))
            writer.add_tensor(name(MT.FFN_DOWN, bid), weight(N_EMBD, N_FF))
        writer.add_tensor(name(MT.OUTPUT_NORM), norm())
        writer.add_tensor(name(MT.OUTPUT), weight(n_vocab, N_EMBD))

        writer.write_header_to_file()
        writer.write_kv_data_to_file()
        writer.write_tensors_to_file()
    finally:
        writer.close()
    return path


if __name__ == "__main__":  # python tests/llm/tinymodel.py OUT.gguf
    import sys

    print(write_tiny_model(Path(sys.argv[1] if len(sys.argv) > 1 else "tiny.gguf")))
