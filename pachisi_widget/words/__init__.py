"""Words: every sentence a person sees, read from translators' files (see :mod:`.catalogue`)."""
