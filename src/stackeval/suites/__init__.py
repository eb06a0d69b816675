"""Suite loading: profiles are folders of YAML item files under ``suites/builtin``."""

from stackeval.suites.loader import Suite, list_profiles, load_profile

__all__ = ["Suite", "list_profiles", "load_profile"]
