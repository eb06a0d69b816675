"""SVG charts drawn without a plotting dependency: bars (with error bars, hatching and notes) and lines.
Pure: values in, an SVG string out."""

from __future__ import annotations

import base64
import html

__all__ = ["CHART_WIDTH", "bar_chart", "data_uri", "esc", "line_chart"]

_PALETTE = ("#3366cc", "#dc3912", "#ff9900", "#109618", "#990099", "#0099c6", "#dd4477", "#66aa00", "#b82e2e", "#316395")
_W, _H, _L, _R, _T, _B = 680, 320, 64, 16, 36, 64
CHART_WIDTH = _W


def esc(s: str) -> str:
    return html.escape(str(s), quote=True)


def _svg(body: str, title: str, w: int = _W, h: int = _H) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
            f'font-family="sans-serif" font-size="11"><rect width="{w}" height="{h}" fill="#fff"/>'
            f'<text x="{w / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">{esc(title)}</text>'
            f"{body}</svg>")


def _axis(ymax: float, ylabel: str, w: int = _W, h: int = _H) -> str:
    out = []
    ph = h - _T - _B
    for i in range(5):
        v = ymax * i / 4
        y = _T + ph - ph * i / 4
        out.append(f'<line x1="{_L}" x2="{w - _R}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
                   f'<text x="{_L - 6}" y="{y + 4:.1f}" text-anchor="end">{v:.3g}</text>')
    out.append(f'<line x1="{_L}" x2="{_L}" y1="{_T}" y2="{_T + ph}" stroke="#333"/>'
               f'<line x1="{_L}" x2="{w - _R}" y1="{_T + ph}" y2="{_T + ph}" stroke="#333"/>'
               f'<text transform="translate(14,{_T + ph / 2:.0f}) rotate(-90)" text-anchor="middle">{esc(ylabel)}</text>')
    return "".join(out)


def _nice_max(vals: list[float]) -> float:
    m = max([v for v in vals if v is not None] or [1.0])
    if m <= 0:
        return 1.0
    for step in (1, 2, 2.5, 5, 10):
        mag = 10 ** int(f"{m:e}".split("e")[1])
        if m <= step * mag:
            return step * mag
    return m


def bar_chart(labels: list[str], values: list[float | None], *, title: str, ylabel: str,
              hatched: list[bool] | None = None, errors: list[tuple[float, float] | None] | None = None,
              ymax: float | None = None, notes: list[str] | None = None) -> str:
    """Bars with optional error bars; hatched bars get a diagonal pattern; a None value shows its note."""
    top = ymax or _nice_max([v for v in values if v is not None] + [e[1] for e in errors or [] if e])
    ph, pw = _H - _T - _B, _W - _L - _R
    n = max(1, len(labels))
    slot = pw / n
    bw = slot * 0.6
    body = ['<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
            '<rect width="8" height="8" fill="#9db7e8"/><line x1="0" y1="0" x2="0" y2="8" stroke="#1a3d7c" stroke-width="3"/>'
            "</pattern></defs>", _axis(top, ylabel)]
    for i, (lab, v) in enumerate(zip(labels, values, strict=True)):
        x = _L + slot * i + (slot - bw) / 2
        cx = x + bw / 2
        err = errors[i] if errors and i < len(errors) else None
        if v is not None:
            hgt = ph * min(v, top) / top
            label_at = ph * min(max(v, err[1] if err else v), top) / top  # above the error bar, if any
            fill = "url(#hatch)" if hatched and hatched[i] else _PALETTE[0]
            body.append(f'<rect x="{x:.1f}" y="{_T + ph - hgt:.1f}" width="{bw:.1f}" height="{hgt:.1f}" fill="{fill}" '
                        f'stroke="#1a3d7c"><title>{esc(lab)}: {v:.3g}</title></rect>'
                        f'<text x="{cx:.1f}" y="{max(_T + 10, _T + ph - label_at - 4):.1f}" text-anchor="middle">{v:.3g}</text>')
        else:
            note = (notes[i] if notes and i < len(notes) else "") or "n/a"
            body.append(f'<text x="{cx:.1f}" y="{_T + ph - 6:.1f}" text-anchor="middle" fill="#b00">{esc(note)}</text>')
        if err:
            lo, hi = err
            y1, y2 = _T + ph - ph * min(lo, top) / top, _T + ph - ph * min(hi, top) / top
            body.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y1:.1f}" y2="{y2:.1f}" stroke="#000"/>'
                        f'<line x1="{cx - 5:.1f}" x2="{cx + 5:.1f}" y1="{y1:.1f}" y2="{y1:.1f}" stroke="#000"/>'
                        f'<line x1="{cx - 5:.1f}" x2="{cx + 5:.1f}" y1="{y2:.1f}" y2="{y2:.1f}" stroke="#000"/>')
        body.append(f'<text x="{cx:.1f}" y="{_T + ph + 14}" text-anchor="middle">{esc(lab[:22])}</text>')
    if hatched and any(hatched):
        body.append(f'<rect x="{_W - 200}" y="{_H - 22}" width="14" height="10" fill="url(#hatch)" stroke="#1a3d7c"/>'
                    f'<text x="{_W - 182}" y="{_H - 13}">K+1 not a capture size (padded)</text>')
    return _svg("".join(body), title)


def line_chart(xlabels: list[str], series: list[tuple[str, list[float | None]]], *, title: str, ylabel: str,
               ymax: float | None = None) -> str:
    top = ymax or _nice_max([v for _n, vs in series for v in vs if v is not None])
    ph, pw = _H - _T - _B, _W - _L - _R
    n = max(1, len(xlabels))
    step = pw / n
    body = [_axis(top, ylabel)]
    for i, lab in enumerate(xlabels):
        body.append(f'<text x="{_L + step * (i + 0.5):.1f}" y="{_T + ph + 14}" text-anchor="middle">{esc(lab[:16])}</text>')
    for si, (name, vs) in enumerate(series):
        color = _PALETTE[si % len(_PALETTE)]
        dx = (si - (len(series) - 1) / 2) * 3.0  # a small offset keeps equal series visible
        pts = [(_L + step * (i + 0.5) + dx, _T + ph - ph * min(v, top) / top) for i, v in enumerate(vs) if v is not None]
        if len(pts) > 1:
            body.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="'
                        + " ".join(f"{x:.1f},{y:.1f}" for x, y in pts) + '"/>')
        for x, y in pts:
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{color}"/>')
        lx, ly = _L + (si % 4) * 150, _H - _B + 30 + (si // 4) * 14
        body.append(f'<rect x="{lx}" y="{ly - 9}" width="12" height="4" fill="{color}"/>'
                    f'<text x="{lx + 16}" y="{ly - 4}">{esc(name[:20])}</text>')
    return _svg("".join(body), title, _W, _H + 14 * ((len(series) - 1) // 4))


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
