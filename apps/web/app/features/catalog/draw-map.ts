import L from 'leaflet';
import { loadLeafletStyles } from '#app/ui/leaflet-styles.ts';

/**
 * Leaflet (BSD-2), loaded only by the map view: providers as circle markers linking to their
 * pages, the shopper's place as a ring, over tiles from MAP_TILE_URL when configured, else
 * over the offline basemap (the markets' outlines, public/geo/basemap.json).
 */
export interface MapMarker {
  name: string;
  href: string;
  latitude: number;
  longitude: number;
  open: boolean;
}

export interface MapOptions {
  container: HTMLElement;
  markers: readonly MapMarker[];
  centre: { latitude: number; longitude: number } | null;
  /** The cities Malewa serves, labelled on the offline basemap so the markers have a context. */
  cities: readonly { name: string; latitude: number; longitude: number }[];
  tiles: { url: string; attribution: string } | null;
  labels: { basemap: string; you: string };
}

export async function drawMap(options: MapOptions): Promise<() => void> {
  loadLeafletStyles();
  const map = L.map(options.container, { zoomControl: true, attributionControl: true });
  // The view first: a vector layer added to a map without one has no pixel bounds to clip to.
  const points: L.LatLngExpression[] = options.markers.map((marker) => [marker.latitude, marker.longitude]);
  if (options.centre) points.push([options.centre.latitude, options.centre.longitude]);
  if (points.length > 0) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 12 });
  else map.setView([-15, 30], 4);
  if (options.tiles) {
    L.tileLayer(options.tiles.url, { attribution: options.tiles.attribution, maxZoom: 19 }).addTo(map);
  } else {
    const response = await fetch('/geo/basemap.json');
    const basemap = (await response.json()) as GeoJSON.FeatureCollection;
    L.geoJSON(basemap, {
      style: (feature) => ({
        color: '#8a7f72',
        weight: 1,
        fillColor: feature?.properties?.market ? '#f3efe6' : '#e4ded3',
        fillOpacity: 1,
      }),
      interactive: false,
    }).addTo(map);
    map.attributionControl.addAttribution(options.labels.basemap);
    for (const city of options.cities) {
      L.circleMarker([city.latitude, city.longitude], {
        radius: 3,
        color: '#5b5249',
        weight: 1,
        fillOpacity: 1,
        interactive: false,
      })
        .bindTooltip(city.name, { permanent: true, direction: 'right', className: 'map-city' })
        .addTo(map);
    }
  }
  for (const marker of options.markers) {
    const point: L.LatLngExpression = [marker.latitude, marker.longitude];
    const link = document.createElement('a');
    link.href = marker.href;
    link.textContent = marker.name;
    L.circleMarker(point, {
      radius: 8,
      color: '#ffffff',
      weight: 2,
      fillColor: marker.open ? '#b8400f' : '#6b625a',
      fillOpacity: 1,
    })
      .bindPopup(link)
      .addTo(map);
  }
  if (options.centre) {
    const centre: L.LatLngExpression = [options.centre.latitude, options.centre.longitude];
    L.circleMarker(centre, { radius: 12, color: '#1d4ed8', weight: 3, fill: false })
      .bindTooltip(options.labels.you)
      .addTo(map);
    points.push(centre);
  }
  if (points.length > 0) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 12 });
  else map.setView([-15, 30], 4);
  return () => map.remove();
}
