"""The only package that speaks HTTP (aiohttp). It maps the library's errors into classified records."""

from stackeval.client.assemble import StreamAssembler, split_think
from stackeval.client.http import Client, ClientOptions
from stackeval.client.sse import SSEParser

__all__ = ["Client", "ClientOptions", "SSEParser", "StreamAssembler", "split_think"]
