/**
 * The maps' one module with MapLibre in it: pages import it only on demand (dynamic import), so
 * its code and styles never travel with a page's first JavaScript.
 */
import {
  type GeoJSONSource,
  type GeoJSONSourceSpecification,
  Map as MapLibre,
  Marker,
  NavigationControl,
  type StyleSpecification,
  setWorkerUrl,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef, useState } from "react";
import type { GeoPosition } from "../../domain/geo.ts";
import { boundsOf, type MapPoint, pointsGeoJson } from "./geojson.ts";
import { MAP_AREA, MAP_CENTER } from "./map-area.ts";
import land from "./phuket-land.json";
import { BEACHES } from "./places.ts";

setWorkerUrl(workerUrl);

const SEA = "#cfe8ec";
const LAND = "#f4eddc";
const COAST = "#9cc3b4";

/** The built-in map: the sea, and Phuket's land from the outline shipped with the project. */
function builtInStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      land: {
        type: "geojson",
        data: land as GeoJSONSourceSpecification["data"],
        attribution: "Coastline: Natural Earth",
      },
    },
    layers: [
      { id: "sea", type: "background", paint: { "background-color": SEA } },
      { id: "land", type: "fill", source: "land", paint: { "fill-color": LAND } },
      {
        id: "coast",
        type: "line",
        source: "land",
        paint: { "line-color": COAST, "line-width": 1 },
      },
    ],
  };
}

function canDrawWebGl(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const PIN_CLASS =
  "flex size-9 cursor-pointer items-center justify-center rounded-full border-2 border-white bg-coral-500 text-white shadow-md transition hover:scale-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sea-900";
const BADGE_PIN_CLASS =
  "flex h-8 cursor-pointer items-center rounded-full border-2 border-white bg-coral-500 px-2 text-xs font-bold whitespace-nowrap text-white shadow-md transition hover:scale-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sea-900";
const SELECTED_CLASS = "ring-4 ring-sea-900";

/** What the map says, in the page's language. */
export interface MapTexts {
  loading: string;
  noWebgl: string;
  failed: string;
  office: string;
  beach: (name: string) => string;
  cluster: (count: number) => string;
}

export interface MapViewProps {
  /**
   * Passed in rather than read from the translator's context: this module then shares no code
   * with the pages' first JavaScript, whose chunks stay as they were.
   */
  texts: MapTexts;
  points: readonly MapPoint[];
  /** Accessible name of the map. */
  label: string;
  /** Nearby pins merge into one with their count, which zooms in when pressed. */
  cluster?: boolean;
  /** MAP_STYLE_URL; unset, the built-in outline of Phuket. */
  styleUrl?: string | undefined;
  /** OFFICE_POSITION: the rental desk's office, labelled; unset, no office on the map. */
  office?: GeoPosition | undefined;
  /** The pin whose card is open, drawn with a ring. */
  selectedId?: string | null;
  /** A pin pressed (click, or Enter or Space on it): its id and its button, to give focus back. */
  onOpenPoint?: (id: string, pin: HTMLElement) => void;
  /** A click on the map away from any pin. */
  onPick?: (position: GeoPosition) => void;
  /** Zoom when the map shows one pin. */
  singleZoom?: number;
  className?: string;
  /** Shown over the map: a card, for example. */
  children?: React.ReactNode;
}

/** A MapLibre map with pins as buttons, beaches and the office labelled as HTML. */
export default function MapView(props: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibre | null>(null);
  const markers = useRef(new Map<string, Marker>());
  const [state, setState] = useState<"loading" | "ready" | "no-webgl" | "failed">("loading");
  // The latest props, read by MapLibre's event handlers without re-creating the map.
  const latest = useRef(props);
  latest.current = props;
  const texts = useRef(props.texts);
  texts.current = props.texts;

  // The map is made once; later props are read through `latest`.
  useEffect(() => {
    const box = container.current;
    if (!box) return;
    if (!canDrawWebGl()) {
      setState("no-webgl");
      return;
    }
    let instance: MapLibre;
    try {
      instance = new MapLibre({
        container: box,
        style: latest.current.styleUrl ?? builtInStyle(),
        center: MAP_CENTER,
        zoom: 9,
        minZoom: 8,
        maxZoom: 17,
        maxBounds: [
          [MAP_AREA.west - 0.3, MAP_AREA.south - 0.3],
          [MAP_AREA.east + 0.3, MAP_AREA.north + 0.3],
        ],
        attributionControl: { compact: true },
        cooperativeGestures: false,
        dragRotate: false,
        pitchWithRotate: false,
      });
    } catch {
      setState("no-webgl");
      return;
    }
    map.current = instance;
    instance.addControl(
      new NavigationControl({ showCompass: false, visualizePitch: false }),
      "top-right",
    );
    instance.touchZoomRotate.disableRotation();
    addLandmarks(instance, texts.current, latest.current.office);
    instance.on("error", (event) => {
      if (!instance.loaded() && !instance.isStyleLoaded()) setState("failed");
      console.warn("map:", event.error?.message);
    });
    instance.on("click", (event) => {
      latest.current.onPick?.({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
    });
    instance.on("load", () => {
      setState("ready");
      const { points, cluster } = latest.current;
      if (cluster) {
        instance.addSource("points", {
          type: "geojson",
          data: pointsGeoJson(points),
          cluster: true,
          clusterRadius: 48,
          clusterMaxZoom: 15,
        });
        // An invisible layer keeps the source's tiles loaded; the pins are HTML (see below).
        instance.addLayer({
          id: "points",
          type: "circle",
          source: "points",
          paint: { "circle-opacity": 0, "circle-radius": 1 },
        });
        const refresh = () => refreshClusters(instance, markers.current, latest, texts);
        instance.on("data", (event) => {
          if ("sourceId" in event && event.sourceId === "points" && event.isSourceLoaded) refresh();
        });
        instance.on("moveend", refresh);
      } else placePins(instance, markers.current, latest);
      fitTo(instance, points, latest.current.singleZoom);
    });
    return () => {
      markers.current.clear();
      instance.remove();
      map.current = null;
    };
  }, []);

  // New pins (the admin typing a position): move them and show them.
  const pointsKey = props.points.map((p) => `${p.id}@${p.latitude},${p.longitude}`).join(";");
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the pins' ids and places.
  useEffect(() => {
    const instance = map.current;
    if (!instance || state !== "ready") return;
    const { points, cluster, singleZoom } = latest.current;
    if (cluster) {
      (instance.getSource("points") as GeoJSONSource | undefined)?.setData(pointsGeoJson(points));
    } else placePins(instance, markers.current, latest);
    fitTo(instance, points, singleZoom);
  }, [pointsKey]);

  // The open card's pin carries a ring.
  useEffect(() => {
    for (const [key, marker] of markers.current) {
      const selected = key === `p:${props.selectedId}`;
      marker.getElement().querySelector("button")?.classList.toggle("ring-4", selected);
      marker.getElement().querySelector("button")?.classList.toggle("ring-sea-900", selected);
    }
  }, [props.selectedId]);

  return (
    <section
      className={`relative overflow-hidden rounded-2xl bg-[#cfe8ec] ring-1 ring-sand-200 ${props.className ?? ""}`}
      aria-label={props.label}
      data-testid="map"
      data-state={state}
    >
      <div ref={container} className="size-full" />
      {state === "loading" && (
        <p
          role="status"
          className="absolute inset-x-0 top-4 mx-auto w-fit rounded-full bg-white px-4 py-2 text-sm font-medium text-sea-900 shadow"
        >
          {props.texts.loading}
        </p>
      )}
      {(state === "no-webgl" || state === "failed") && (
        <p
          role="status"
          data-testid="map-unavailable"
          className="absolute inset-x-4 top-4 rounded-xl bg-white px-4 py-3 text-ink-900 shadow"
        >
          {state === "no-webgl" ? props.texts.noWebgl : props.texts.failed}
        </p>
      )}
      {props.children}
    </section>
  );
}

type Latest = { current: MapViewProps };
type Texts = { current: MapTexts };

function fitTo(map: MapLibre, points: readonly GeoPosition[], singleZoom = 13) {
  const bounds = boundsOf(points);
  if (!bounds) return;
  const [[west, south], [east, north]] = bounds;
  if (west === east && south === north) map.jumpTo({ center: [west, south], zoom: singleZoom });
  else map.fitBounds(bounds, { padding: 48, maxZoom: 14, animate: false });
}

/**
 * A pin: a button showing its badge (a price) or a house, named for screen readers by the
 * point's label, which starts with the badge so that what is seen is what is heard.
 */
function pinButton(
  point: { id: string; label: string; badge?: string },
  latest: Latest,
): HTMLElement {
  const button = element("button", point.badge ? BADGE_PIN_CLASS : PIN_CLASS);
  button.setAttribute("type", "button");
  button.setAttribute("aria-label", point.badge ? `${point.badge}: ${point.label}` : point.label);
  button.dataset.testid = "map-pin";
  button.dataset.id = point.id;
  if (point.badge) button.textContent = point.badge;
  else
    button.innerHTML =
      '<svg aria-hidden="true" viewBox="0 0 24 24" class="size-5" fill="currentColor"><path d="M12 3 2 11h3v9h5v-6h4v6h5v-9h3z"/></svg>';
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    latest.current.onOpenPoint?.(point.id, button);
  });
  if (latest.current.selectedId === point.id) button.classList.add(...SELECTED_CLASS.split(" "));
  const wrapper = element("div", "");
  wrapper.append(button);
  return wrapper;
}

/** Without clustering: one marker per point, replaced when the points change. */
function placePins(map: MapLibre, markers: Map<string, Marker>, latest: Latest) {
  for (const marker of markers.values()) marker.remove();
  markers.clear();
  for (const point of latest.current.points) {
    const marker = new Marker({ element: pinButton(point, latest), anchor: "center" })
      .setLngLat([point.longitude, point.latitude])
      .addTo(map);
    markers.set(`p:${point.id}`, marker);
  }
}

/**
 * With clustering: MapLibre groups the points in its worker; the groups and lone points it has
 * placed at the current zoom become HTML markers (buttons, which a keyboard reaches and a screen
 * reader names), kept by key so a marker that stays is not made again.
 */
function refreshClusters(
  map: MapLibre,
  markers: Map<string, Marker>,
  latest: Latest,
  texts: Texts,
) {
  const seen = new Set<string>();
  for (const feature of map.querySourceFeatures("points")) {
    if (feature.geometry.type !== "Point") continue;
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const properties = feature.properties as {
      cluster?: boolean;
      cluster_id?: number;
      point_count?: number;
      id?: string;
      label?: string;
      badge?: string;
    };
    const key = properties.cluster ? `c:${properties.cluster_id}` : `p:${properties.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (markers.has(key)) continue;
    let node: HTMLElement;
    if (properties.cluster && properties.cluster_id !== undefined) {
      const count = properties.point_count ?? 0;
      const clusterId = properties.cluster_id;
      const button = element(
        "button",
        "flex size-11 cursor-pointer items-center justify-center rounded-full border-4 border-white/80 bg-sea-800 font-bold text-white shadow-md transition hover:scale-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sea-900",
        String(count),
      );
      button.setAttribute("type", "button");
      button.setAttribute("aria-label", texts.current.cluster(count));
      button.dataset.testid = "map-cluster";
      button.dataset.count = String(count);
      button.addEventListener("click", async (event) => {
        event.stopPropagation();
        const source = map.getSource("points") as GeoJSONSource | undefined;
        const zoom = await source?.getClusterExpansionZoom(clusterId);
        map.easeTo({ center: [longitude, latitude], zoom: zoom ?? map.getZoom() + 2 });
      });
      // A group's number stays readable above any lone pin beside it.
      node = element("div", "relative z-10");
      node.append(button);
    } else {
      node = pinButton(
        { id: properties.id ?? "", label: properties.label ?? "", badge: properties.badge },
        latest,
      );
    }
    markers.set(
      key,
      new Marker({ element: node, anchor: "center" }).setLngLat([longitude, latitude]).addTo(map),
    );
  }
  for (const [key, marker] of markers) {
    if (!seen.has(key)) {
      marker.remove();
      markers.delete(key);
    }
  }
}

/** The beaches and the office, as text markers: MapLibre's own labels would need font files. */
function addLandmarks(map: MapLibre, texts: MapTexts, officePosition: GeoPosition | undefined) {
  for (const beach of BEACHES) {
    const label = element(
      "span",
      "pointer-events-none rounded bg-white/70 px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap text-sea-800",
      texts.beach(beach.name),
    );
    label.dataset.testid = "map-beach";
    // On the land side of the point; a west-coast label over the sea was cut off by the edge of
    // a phone's narrow map.
    new Marker({ element: label, anchor: "left", offset: [6, 0] })
      .setLngLat([beach.longitude, beach.latitude])
      .addTo(map);
  }
  if (!officePosition) return;
  const office = element(
    "span",
    "pointer-events-none flex items-center gap-1 rounded-full bg-sea-900 px-2 py-1 text-xs font-semibold whitespace-nowrap text-white shadow",
  );
  office.dataset.testid = "map-office";
  office.append(element("span", "size-2 rounded-full bg-white"), texts.office);
  new Marker({ element: office, anchor: "left", offset: [4, 0] })
    .setLngLat([officePosition.longitude, officePosition.latitude])
    .addTo(map);
}
