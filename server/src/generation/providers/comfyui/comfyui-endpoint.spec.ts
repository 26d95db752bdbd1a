import { describe, expect, it } from 'vitest';
import { ComfyUiEndpoint } from './comfyui-endpoint.js';

describe('ComfyUiEndpoint', () => {
  it('builds routes and the socket URL at the root', () => {
    const endpoint = new ComfyUiEndpoint('http://127.0.0.1:8188/');
    expect(endpoint.http('/view', { filename: 'a b&c.png', subfolder: 'x/y' }).href).toBe(
      'http://127.0.0.1:8188/view?filename=a+b%26c.png&subfolder=x%2Fy',
    );
    expect(endpoint.socket('abc').href).toBe('ws://127.0.0.1:8188/ws?clientId=abc');
  });

  it('keeps a proxy path prefix and query token, and turns URL credentials into a basic-auth header', () => {
    const endpoint = new ComfyUiEndpoint('https://us%40r:p%3Ass@gpu.example/comfy/?token=t1');
    expect(endpoint.http('/prompt').href).toBe('https://gpu.example/comfy/prompt?token=t1');
    expect(endpoint.socket('id').href).toBe('wss://gpu.example/comfy/ws?token=t1&clientId=id');
    expect(endpoint.headers.authorization).toBe(`Basic ${Buffer.from('us@r:p:ss').toString('base64')}`);
    expect(String(endpoint)).toBe('https://gpu.example/comfy');
  });
});
