import L from 'leaflet';
import { loadLeafletStyles } from '#app/ui/leaflet-styles.ts';

/**
 * Leaflet (BSD-2), loaded only when the checkout page's map is shown: one pin the shopper drags
 * or moves with a tap, over tiles from MAP_TILE_URL when configured, else over the offline
 * basemap (the markets' outlines, public/geo/basemap.json).
 */
export interface PinMapOptions {
  container: HTMLElement;
  pin: { latitude: number; longitude: number };
  tiles: { url: string; attribution: string } | null;
  labels: { basemap: string; pin: string };
  onMove: (pin: { latitude: number; longitude: number }) => void;
}

export interface PinMap {
  moveTo(pin: { latitude: number; longitude: number }): void;
  remove(): void;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

export async function drawPinMap(options: PinMapOptions): Promise<PinMap> {
  loadLeafletStyles();
  const start: L.LatLngExpression = [options.pin.latitude, options.pin.longitude];
  const map = L.map(options.container, { zoomControl: true, attributionControl: true }).setView(start, 15);
  if (options.tiles) {
    L.tileLayer(options.tiles.url, { attribution: options.tiles.attribution, maxZoom: 19 }).addTo(map);
  } else {
    const basemap = (await (await fetch('/geo/basemap.json')).json()) as GeoJSON.FeatureCollection;
    L.geoJSON(basemap, {
      style: () => ({ color: '#8a7f72', weight: 1, fillColor: '#f3efe6', fillOpacity: 1 }),
      interactive: false,
    }).addTo(map);
    map.attributionControl.addAttribution(options.labels.basemap);
  }
  // A circle marker needs no image file: nothing to fetch on a slow line.
  const pin = L.circleMarker(start, { radius: 11, color: '#ffffff', weight: 3, fillColor: '#b8400f', fillOpacity: 1 })
    .bindTooltip(options.labels.pin)
    .addTo(map);
  const place = (latlng: L.LatLng) => {
    pin.setLatLng(latlng);
    options.onMove({ latitude: round(latlng.lat), longitude: round(latlng.lng) });
  };
  map.on('click', (event: L.LeafletMouseEvent) => place(event.latlng));
  return {
    moveTo(next) {
      const latlng = L.latLng(next.latitude, next.longitude);
      pin.setLatLng(latlng);
      map.setView(latlng, Math.max(map.getZoom(), 16));
    },
    remove: () => map.remove(),
  };
}
