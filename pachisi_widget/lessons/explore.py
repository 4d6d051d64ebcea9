"""Controls that recompute: sliders around a picture (Slider, explore).

ipywidgets and IPython are imported inside functions only, on first use, so that the lessons'
checks work in plain Python without Jupyter (tests/unit/test_layers.py checks it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Real

from ..words import text
from .answers import _as_words

__all__ = ["Slider", "explore"]


def _language(lang: str | None) -> str:
    """``lang``, or the package's :data:`~pachisi_widget.lessons.LANGUAGE` (which a notebook
    sets), checked."""
    from . import _language as checked

    return checked(lang)


@dataclass(frozen=True)
class Slider:
    """One parameter of :func:`explore`: from ``low`` to ``high`` by ``step``, starting at
    ``value``; ``label`` is its name beside the slider (the parameter's name if empty).

    >>> Slider(0.05, 0.95, 0.05, 0.5, "p").value
    0.5
    """

    low: float
    high: float
    step: float
    value: float
    label: str = ""

    def __post_init__(self):
        numbers = (self.low, self.high, self.step, self.value)
        if any(
            isinstance(x, bool) or not isinstance(x, Real) or not math.isfinite(x) for x in numbers
        ):
            raise ValueError(
                f"a slider's low, high, step and value must be numbers, not {numbers!r}"
            )
        if not (self.low <= self.value <= self.high) or self.step <= 0:
            raise ValueError(
                f"a slider needs low <= value <= high and a step above 0, not "
                f"low={self.low}, high={self.high}, step={self.step}, "
                f"value={self.value}"
            )

    @property
    def whole(self) -> bool:
        """Whether every setting is a whole number (an integer slider)."""
        return all(isinstance(x, int) for x in (self.low, self.high, self.step, self.value))


def _loaded(name: str):
    """The module ``name`` (``IPython``, ``IPython.display`` or ``ipywidgets``) when it is
    installed, else None. Imported here, on first use, so that the lessons' checks work in plain
    Python without Jupyter (tests/unit/test_layers.py allows these imports inside functions only)."""
    try:
        if name == "ipywidgets":
            import ipywidgets as module
        elif name == "IPython.display":
            import IPython.display as module
        elif name == "IPython":
            import IPython as module
        else:
            raise ValueError(f"not a Jupyter module the lessons use: {name!r}")
    except ImportError:
        return None
    return module


def _front_end() -> bool:
    """Whether a notebook kernel runs this code (sliders can be shown); False in plain Python."""
    ipython = _loaded("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and getattr(shell, "kernel", None) is not None


def _show(thing) -> None:
    """Display ``thing`` in a notebook (print it elsewhere); nothing for None."""
    if thing is None:
        return
    display = getattr(_loaded("IPython.display"), "display", None)
    if display is None:
        print(thing)
    else:
        display(thing)


def explore(draw, /, *, lang: str | None = None, **sliders: Slider):
    """Show ``draw(**values)`` under one slider per parameter; moving a slider redraws it.

    ``draw`` prints or displays what it shows (or returns a picture to display); each keyword
    is a :class:`Slider` for the parameter of that name. In a notebook with ipywidgets (JupyterLab,
    Jupyter Notebook, JupyterLite) the sliders come with the picture, and the first drawing runs
    at once, so an error in ``draw`` shows where the cell runs. Without ipywidgets, or without a
    notebook, it shows the result for the sliders' starting values once, and says so.
    It displays what it shows and returns None.

    >>> explore(lambda n: print("n squared is", n * n), n=Slider(1, 10, 1, 3))
    n squared is 9
    (Sliders need ipywidgets in a live notebook: here is the result for n = 3.)

    Raises:
        ValueError: for a ``draw`` that cannot be called, no slider, a parameter that is not a
            :class:`Slider`, or an unknown language.
    """
    lang = _language(lang)
    if not callable(draw):
        raise ValueError(f"draw must be a function of the sliders' values, not {draw!r}")
    if not sliders:
        raise ValueError("explore needs at least one slider, e.g. n=Slider(10, 1000, 10, 100)")
    for name, slider in sliders.items():
        if not isinstance(slider, Slider):
            raise ValueError(f"{name} must be a Slider(low, high, step, value), not {slider!r}")
    start = {name: slider.value for name, slider in sliders.items()}
    widgets = _loaded("ipywidgets") if _front_end() else None
    if widgets is None:
        _show(draw(**start))
        settings = ", ".join(
            f"{sliders[k].label or k} = {_as_words(v, 2, lang)}" for k, v in start.items()
        )
        print(text("explore_static", {"settings": settings}, lang))
        return None
    controls = {}
    for name, slider in sliders.items():
        kind = widgets.IntSlider if slider.whole else widgets.FloatSlider
        controls[name] = kind(
            min=slider.low,
            max=slider.high,
            step=slider.step,
            value=slider.value,
            description=slider.label or name,
            continuous_update=False,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="28em"),
        )
    out = widgets.Output()

    def redraw(change=None, first=False):
        failure = None
        with out:
            out.clear_output(wait=True)
            try:
                _show(draw(**{k: c.value for k, c in controls.items()}))
            except Exception as err:  # the first drawing's error reaches the cell
                if not first:
                    raise
                failure = err
        if failure is not None:
            raise failure

    for control in controls.values():
        control.observe(redraw, names="value")
    box = widgets.VBox([*controls.values(), out])
    _show(_WithPicture(box, _still(draw, start, sliders, lang)))
    redraw(first=True)
    return None


class _WithPicture:
    """The sliders' box, with the picture for the starting values as its HTML stand-in: a live
    notebook draws the widget; a page without a kernel (the documentation site, a notebook
    viewer) shows the picture and the values it was drawn for."""

    def __init__(self, box, still: str):
        self.box, self.still = box, still

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = self.box._repr_mimebundle_(include=include, exclude=exclude)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data = dict(data or {})
        data.setdefault("text/html", self.still)
        return data


def _still(draw, start: dict, sliders: dict, lang: str) -> str:
    """HTML of what ``draw`` shows for the starting values (its printed text and pictures), and a
    line naming those values; empty when nothing could be captured."""
    import html

    try:
        from IPython.utils.capture import capture_output
    except ImportError:
        return ""
    try:
        with capture_output() as captured:
            _show(draw(**start))
    except Exception:  # the live drawing reports it; the stand-in just has no picture
        return ""
    parts = [f"<pre>{html.escape(captured.stdout)}</pre>"] if captured.stdout.strip() else []
    for output in captured.outputs:
        data = output.data
        if "image/svg+xml" in data:
            parts.append(data["image/svg+xml"])
        elif "text/html" in data:
            parts.append(data["text/html"])
        elif "image/png" in data:
            parts.append(f'<img alt="" src="data:image/png;base64,{data["image/png"]}">')
        elif "text/plain" in data:
            parts.append(f"<pre>{html.escape(data['text/plain'])}</pre>")
    settings = ", ".join(
        f"{sliders[k].label or k} = {_as_words(v, 2, lang)}" for k, v in start.items()
    )
    said = html.escape(text("explore_static", {"settings": settings}, lang))
    parts.append(f"<p><em>{said}</em></p>")
    return "<div class='pachisi-explore-still'>" + "".join(parts) + "</div>"
