"""The test network, loaded once and shared by the test modules (as the service loads it once)."""

from rail.loader import load

TEXT = """
# the coast line, weekdays and weekends
trip C1 route Coast days MTWTF..
  BRM 06:40
  CLD 06:52 06:53
  ASF 07:20 07:22
  DUN 07:41 07:42
  ELM 08:05
trip C2 route Coast days MTWTF..
  BRM 07:40
  CLD 07:52 07:53
  ASF 08:20 08:22
  DUN 08:41 08:42
  ELM 09:05
trip C3 route Coast days .....SS
  BRM 09:10
  CLD 09:24 09:25
  ASF 09:55 09:57
  DUN 10:18 10:19
  ELM 10:44
# the shuttle between the two Ashford stations
trip L1 route Link days MTWTFSS
  ASF 07:24
  ASJ 07:27
trip L2 route Link days MTWTFSS
  ASF 08:24
  ASJ 08:27
# the branch
trip B1 route Branch days MTWTFSS
  ASJ 07:28
  FRF 08:01
trip B2 route Branch days MTWTFSS
  ASJ 08:28
  FRF 09:01
"""

NETWORK = load(TEXT)
