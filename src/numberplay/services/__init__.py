"""Services built only on the kind interface: search, reports, hints, generation,
catalog and examples, batch, store."""
