"""The prayer-times calendar feed (issue 26, docs/api.md#calendar-feed): a subscribable iCalendar
file of a place's prayers, computed by the server, that calendar apps refresh by themselves."""
