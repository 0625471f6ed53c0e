"""Knowing the model: a base model or one with no chat template is named as such, with
what to use instead; a template with no system message gets the system folded in."""
from __future__ import annotations

import pytest

from narrator.llm import model
from narrator.llm.config import ConfigError, resolve


def test_no_chat_template_is_called_a_base_model_with_advice():
    (said,) = model.warnings(None, "Gemma 3 270m (gemma-3-270m-q4_k_m.gguf)")
    assert "no chat template" in said and "base model" in said and "instruction-tuned" in said


def test_an_instruction_model_with_a_template_is_not_warned_about():
    assert model.warnings("{% for m in messages %}{{ m.role }}{% endfor %}", "qwen2.5-3b-instruct") == []
    assert model.warnings(None, "llama3.2:3b-instruct", template_known=False) == []


def test_a_name_that_says_nothing_of_tuning_is_doubted_when_the_template_is_unknown():
    (said,) = model.warnings(None, "gemma", template_known=False)
    assert "does not look instruction-tuned" in said


def test_a_template_without_a_system_turn_drops_it():
    gemma = "{{ bos_token }}{% for message in messages %}<start_of_turn>{{ message['role'] }}{% endfor %}"
    assert model.drops_system(gemma)
    assert not model.drops_system("{% if message['role'] == 'system' %}<<SYS>>{% endif %}")
    assert not model.drops_system(None)


@pytest.mark.parametrize("reply, words", [("", "no text at all"), ("<<SYS>> hello", "markup")])
def test_a_test_reply_tells_of_a_guessed_template(reply, words):
    (said,) = model.reply_warnings(reply)
    assert words in said and "instruction-tuned" in said
    assert model.reply_warnings("Hello there, how are you?") == []


def test_the_new_settings_are_checked():
    c = resolve({"url": "http://x/v1", "move_budget": 4.5}, None, environ={})
    assert c.move_budget == 4.5 and c.n_ctx == 4096 and c.system_message == "auto"
    for flags, words in (({"move_budget": 0}, "move_budget must be a positive"),
                         ({"n_ctx": 100}, "n_ctx should be at least 512"),
                         ({"system_message": "drop"}, "system_message should be one of auto, keep, fold"),
                         ({"threads": -1}, "threads must be 0")):
        with pytest.raises(ConfigError, match=words):
            resolve({"url": "http://x/v1", **flags}, None, environ={})
