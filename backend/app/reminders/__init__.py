"""Prayer reminders (issue 26): the server's prayer times, to the minute of the page's."""
