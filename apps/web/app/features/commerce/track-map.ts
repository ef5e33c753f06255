import L from 'leaflet';
import { loadLeafletStyles } from '#app/ui/leaflet-styles.ts';

type Point = { latitude: number; longitude: number };

export interface TrackMapOptions {
  container: HTMLElement;
  door: Point;
  rider: Point;
  tiles: { url: string; attribution: string } | null;
  labels: { basemap: string; rider: string; door: string };
}

export interface TrackMap {
  moveRider(to: Point): void;
  remove(): void;
}

/**
 * Leaflet (BSD-2), loaded only when the order page follows a rider: the shopper's door and the
 * rider, both circle markers (no image to fetch on a slow line), over tiles from MAP_TILE_URL
 * when configured, else the offline basemap. The view keeps both in sight as the rider moves.
 */
export async function drawTrackMap(options: TrackMapOptions): Promise<TrackMap> {
  loadLeafletStyles();
  const door = L.latLng(options.door.latitude, options.door.longitude);
  const start = L.latLng(options.rider.latitude, options.rider.longitude);
  // A view first: layers added to a map without one wait for it, and a marker has no element.
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
  L.circleMarker(door, { radius: 9, color: '#ffffff', weight: 3, fillColor: '#1e7b34', fillOpacity: 1 })
    .bindTooltip(options.labels.door)
    .addTo(map);
  const rider = L.circleMarker(start, { radius: 11, color: '#ffffff', weight: 3, fillColor: '#b8400f', fillOpacity: 1 })
    .bindTooltip(options.labels.rider, { permanent: false })
    .addTo(map);
  const frame = () => map.fitBounds(L.latLngBounds([door, rider.getLatLng()]).pad(0.3), { maxZoom: 17 });
  frame();
  const mark = (at: Point) => {
    const element = rider.getElement();
    element?.setAttribute('data-testid', 'rider-marker');
    element?.setAttribute('data-latitude', String(at.latitude));
  };
  mark(options.rider);
  return {
    moveRider(to) {
      rider.setLatLng([to.latitude, to.longitude]);
      mark(to);
      if (!map.getBounds().pad(-0.1).contains(rider.getLatLng())) frame();
    },
    remove: () => map.remove(),
  };
}
