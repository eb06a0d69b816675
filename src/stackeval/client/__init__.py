"""The only package that speaks HTTP: aiohttp, and a lean HTTP/1.1 path for streamed requests (``h1``).
It maps every transport failure into classified records."""

from stackeval.client.assemble import StreamAssembler, split_think
from stackeval.client.http import Client, ClientOptions
from stackeval.client.sse import SSEParser

__all__ = ["Client", "ClientOptions", "SSEParser", "StreamAssembler", "split_think"]
