/**
 * The 404 page's picture: a delivery rider at the end of a road that stops short of an empty
 * map pin. Drawn inline (about 1 KB, no request) in the theme's colours; the ride has a
 * direction, so right-to-left pages mirror it (feedback.css). It adds nothing the heading
 * does not say, so assistive technology skips it.
 */
export function NotFoundIllustration() {
  return (
    <svg
      className="not-found-illustration"
      viewBox="0 0 240 150"
      width="240"
      height="150"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse className="illo-ground" cx="120" cy="131" rx="116" ry="13" />
      <path className="illo-road" d="M8 130H146" />
      <path className="illo-road-gap" d="M160 130h10M184 130h6" />
      <g className="illo-pin">
        <path d="M200 22c-14 0-24 10-24 24 0 19 24 46 24 46s24-27 24-46c0-14-10-24-24-24Z" />
        <circle cx="200" cy="46" r="8" />
      </g>
      <g className="illo-rider">
        <path className="illo-speed" d="M8 96h12M4 108h10M12 84h8" />
        <rect className="illo-box" x="24" y="61" width="32" height="28" rx="3" />
        <path className="illo-box-lid" d="M24 71h32" />
        <path className="illo-cowl" d="M26 106c0-11 7-18 18-18h24c5 0 8 3 8 8v10Z" />
        <path className="illo-frame" d="M72 104h22M106 115 97 64M91 64h12" />
        <path className="illo-legs" d="M62 88h18l4 16" />
        <path className="illo-body" d="M62 87l12-23M73 68l20-3" />
        <circle className="illo-helmet" cx="77" cy="53" r="9" />
        <circle className="illo-wheel" cx="44" cy="115" r="11" />
        <circle className="illo-wheel" cx="106" cy="115" r="11" />
      </g>
    </svg>
  );
}
