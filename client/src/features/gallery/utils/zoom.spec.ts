import { describe, expect, it } from 'vitest';
import { clampZoom, formatZoom, zoomAfterWheel } from './zoom';

describe('lightbox zoom', () => {
  it('steps by 1.1 wheeling up and 0.9 wheeling down', () => {
    expect(zoomAfterWheel(1, -100)).toBeCloseTo(1.1);
    expect(zoomAfterWheel(1, 100)).toBeCloseTo(0.9);
    expect(zoomAfterWheel(2, 0)).toBe(2);
  });

  it('never goes past 10x or below 0.5x however long the wheel turns', () => {
    let zoom = 1;
    for (let i = 0; i < 100; i++) zoom = zoomAfterWheel(zoom, -1);
    expect(zoom).toBe(10);
    for (let i = 0; i < 100; i++) zoom = zoomAfterWheel(zoom, 1);
    expect(zoom).toBe(0.5);
    expect(clampZoom(42)).toBe(10);
    expect(clampZoom(0.1)).toBe(0.5);
  });

  it('reads as a percentage', () => {
    expect(formatZoom(1.1)).toBe('110%');
    expect(formatZoom(0.5)).toBe('50%');
  });
});
