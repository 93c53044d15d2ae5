"""Services built only on the kind interface: search, reports, examples, batch, store."""
