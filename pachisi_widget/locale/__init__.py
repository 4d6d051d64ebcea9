"""Translators' files, one folder a language (see :mod:`pachisi_widget.words.catalogue`)."""
