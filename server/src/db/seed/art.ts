/**
 * The demo seed's media: images drawn as small SVG files at seed time (avatars, server and
 * channel icons, live covers, showroom maps and interaction-event cards), each stored under
 * seed/<name>.svg and served at /files/seed/…; and the one binary asset, the recordings'
 * short video clip.
 */
import path from 'path'

/** The storage key of the recordings' demo clip (served at /files/seed/demo-video.mp4). */
export const SEED_VIDEO_KEY = 'seed/demo-video.mp4'

/** The clip's file beside this one: 4 s of a canvas animation recorded by Chromium's MediaRecorder (H.264 in MP4, 19 KB). */
export const SEED_VIDEO_FILE = path.join(__dirname, 'demo-video.mp4')

/**
 * The clip's length in whole seconds (its movie header says 3.988 s): the duration every
 * seeded item that plays it carries, so a replay says 时长 00:04 and plays four seconds.
 */
export const SEED_VIDEO_SECONDS = 4

/** A seeded image: its key in the file store and its SVG text. */
export interface SeedImage {
  key: string
  svg: string
}

const PALETTE = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#14b8a6', '#ec4899', '#64748b']

function escapeXml (text: string): string {
  return text.replace(/[<>&'"]/g, char => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' }[char] ?? char))
}

function svg (width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`
}

function label (x: number, y: number, size: number, text: string, color = '#ffffff'): string {
  return `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" fill="${color}" text-anchor="middle" dominant-baseline="middle">${escapeXml(text)}</text>`
}

/** Public path of a seeded image. */
export function seedImagePath (name: string): string {
  return `/files/seed/${name}.svg`
}

/** A round avatar with an initial, colour `index` of the palette. */
export function avatarImage (index: number, initial: string): SeedImage {
  const color = PALETTE[index % PALETTE.length]
  return { key: `seed/avatar-${index}.svg`, svg: svg(128, 128, `<circle cx="64" cy="64" r="64" fill="${color}"/>${label(64, 66, 56, initial)}`) }
}

/** A rounded-square icon with a short label (server and channel icons). */
export function iconImage (name: string, text: string, colorIndex: number): SeedImage {
  const color = PALETTE[colorIndex % PALETTE.length]
  return { key: `seed/${name}.svg`, svg: svg(96, 96, `<rect width="96" height="96" rx="20" fill="${color}"/>${label(48, 50, text.length > 2 ? 22 : 34, text)}`) }
}

/**
 * A 16:9 cover: a gradient with a horizon and a sun, and no words — a cover must not
 * state a live state (the badge beside it does, and would be contradicted).
 */
export function coverImage (index: number): SeedImage {
  const from = PALETTE[index % PALETTE.length]
  const to = PALETTE[(index + 3) % PALETTE.length]
  const sunX = 160 + (index % 4) * 100
  const body = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="640" height="360" fill="url(#g)"/><circle cx="${sunX}" cy="150" r="56" fill="#ffffff" fill-opacity="0.35"/>` +
    '<path d="M0 270 L140 200 L260 250 L400 170 L520 230 L640 190 L640 360 L0 360 Z" fill="#0f172a" fill-opacity="0.25"/>'
  return { key: `seed/cover-${index}.svg`, svg: svg(640, 360, body) }
}

/**
 * A showroom floor plan: a grid floor, stands where the hotspots are, the room's name.
 * The stands carry no words: the map draws each hotspot's title itself, and a baked-in
 * title stood beside it, twice, wherever the map's scale moved the two apart.
 */
export function showroomImage (name: string, title: string, width: number, height: number, spots: ReadonlyArray<{ x: number, y: number }>): SeedImage {
  const grid: string[] = []
  for (let x = 0; x <= width; x += 100) grid.push(`<line x1="${x}" y1="0" x2="${x}" y2="${height}" stroke="#cbd5e1" stroke-width="1"/>`)
  for (let y = 0; y <= height; y += 100) grid.push(`<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="#cbd5e1" stroke-width="1"/>`)
  const stands = spots.map(spot => {
    const cx = Math.round(spot.x * width)
    const cy = Math.round(spot.y * height)
    return `<circle cx="${cx}" cy="${cy}" r="48" fill="#0ea5e9" fill-opacity="0.85"/>`
  }).join('')
  const body = `<rect width="${width}" height="${height}" fill="#f1f5f9"/>${grid.join('')}` +
    `<rect x="40" y="40" width="${width - 80}" height="${height - 80}" fill="none" stroke="#334155" stroke-width="8" rx="24"/>` +
    `${label(width / 2, 110, 56, title, '#0f172a')}${stands}`
  return { key: `seed/${name}.svg`, svg: svg(width, height, body) }
}
