// Network loss as a page sees it, for the offline-first tests: open WebSockets close and new ones
// fail until the network is back. Offline emulation alone leaves an open WebSocket running.
import type { BrowserContext, Page } from 'playwright-core';

/** Install the switch on every page of `ctx` (before any is opened). */
export async function emulateNetworkLoss(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const Native = window.WebSocket;
    const open = new Set<WebSocket>();
    let down = false;
    class Sock extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        // Down: the same origin (the content security policy allows no other) at a path with no
        // WebSocket behind it, so the connection fails as with no network.
        super(down ? new URL('/ws-down', String(url)).href : url, protocols);
        open.add(this);
        this.addEventListener('close', () => open.delete(this));
      }
    }
    window.WebSocket = Sock as typeof WebSocket;
    (window as unknown as { __net: (up: boolean) => void }).__net = (up: boolean) => {
      down = !up;
      if (down) for (const s of open) s.close();
    };
  });
}

/** Take `page`'s network down (false) or bring it back (true): HTTP and its WebSockets alike. */
export async function setNetwork(ctx: BrowserContext, page: Page, up: boolean): Promise<void> {
  await ctx.setOffline(!up);
  await page.evaluate((u) => (window as unknown as { __net: (up: boolean) => void }).__net(u), up);
}
