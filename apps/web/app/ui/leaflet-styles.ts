import leafletStyles from 'leaflet/dist/leaflet.css?url';

/** Leaflet's stylesheet, added to the page once, by whichever map is drawn first. */
export function loadLeafletStyles(): void {
  if (document.querySelector(`link[href="${leafletStyles}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = leafletStyles;
  document.head.append(link);
}
