"""Map a thinking arm to request fields for each engine. Pure."""

from __future__ import annotations

from typing import Any

ARMS = ("off", "on")


def thinking_fields(engine: str, arm: str) -> dict[str, Any]:
    """Request-body fields that ask the engine for thinking on/off. ``default`` sends nothing."""
    if arm not in ARMS:
        return {}
    on = arm == "on"
    if engine == "ollama":
        return {"reasoning_effort": "medium" if on else "none"}
    if engine == "llamacpp":
        f: dict[str, Any] = {"chat_template_kwargs": {"enable_thinking": on}}
        if on:
            f["reasoning_format"] = "deepseek"  # thoughts in reasoning_content, not content
        return f
    # vLLM, SGLang and unknown engines: the Qwen3/DeepSeek-style template switch
    return {"chat_template_kwargs": {"enable_thinking": on}}


def mapping_for(engine: str, arms: list[str]) -> dict[str, Any]:
    return {arm: thinking_fields(engine, arm) for arm in arms}


def honoured(arm: str, reasoning_chars: int) -> bool | None:
    """Did the server do what the arm asked? None for the default arm (nothing was asked)."""
    if arm == "on":
        return reasoning_chars > 0
    if arm == "off":
        return reasoning_chars == 0
    return None


def arms_for(thinking: str) -> list[str]:
    return {"both": ["off", "on"], "on": ["on"], "off": ["off"]}.get(thinking, ["default"])


def split_arm(label: str) -> tuple[str, bool]:
    """An arm label is the thinking arm plus, for non-streaming requests, ``+whole``: (thinking, stream)."""
    base, _, transport = label.partition("+")
    return base, transport != "whole"


def arm_labels(thinking: str, transports: list[str]) -> list[str]:
    return [a if t == "stream" else f"{a}+whole" for a in arms_for(thinking) for t in transports]
