// The load generator's think times (W2p) on one timer: a timer per pause (Node keys its timer
// lists by duration, and every random duration made a list of its own) cost the generator a list,
// a priority-queue insert and a wake-up per command, on the cores it shares with the server.
// Pauses are kept in a binary heap by due time; one timer is armed for the earliest.

interface Pause {
  due: number;
  wake: () => void;
}

export class Pacer {
  private heap: Pause[] = [];
  private timer: NodeJS.Timeout | null = null;
  private armedFor = Infinity;

  /** Resolves after about `ms` (to the millisecond, like setTimeout). */
  sleep(ms: number): Promise<void> {
    return new Promise((wake) => {
      const due = performance.now() + ms;
      this.push({ due, wake });
      if (due < this.armedFor) this.arm(due);
    });
  }

  private arm(due: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = due;
    this.timer = setTimeout(() => this.fire(), Math.max(0, Math.ceil(due - performance.now())));
  }

  private fire(): void {
    this.timer = null;
    this.armedFor = Infinity;
    // Everything due within the next half millisecond goes now: the timer's own resolution.
    const now = performance.now() + 0.5;
    while (this.heap.length > 0 && this.heap[0]!.due <= now) this.pop().wake();
    if (this.heap.length > 0) this.arm(this.heap[0]!.due);
  }

  private push(p: Pause): void {
    const h = this.heap;
    let i = h.push(p) - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (h[up]!.due <= p.due) break;
      h[i] = h[up]!;
      i = up;
    }
    h[i] = p;
  }

  private pop(): Pause {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const c = l + 1 < h.length && h[l + 1]!.due < h[l]!.due ? l + 1 : l;
        if (h[c]!.due >= last.due) break;
        h[i] = h[c]!;
        i = c;
      }
      h[i] = last;
    }
    return top;
  }
}
