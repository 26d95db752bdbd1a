import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  clientIdOf,
  type DoubleFaults,
  type DoubleSockets,
  type GraphNode,
  type HistoryEntry,
  isOutputNode,
  isSampler,
  isVideoNode,
  type QueuedPrompt,
  queueItem,
} from './comfyui-double-state.js';

/** An EBML header with DocType "webm": enough to look like a WebM file; nothing plays it. */
/** The `fLaC` marker and a STREAMINFO header: enough to be a FLAC file by its first bytes. */
const FLAC_BYTES = Buffer.concat([Buffer.from('fLaC'), Buffer.from([0x80, 0, 0, 0x22]), Buffer.alloc(34)]);
const WEBM_BYTES = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878102428581', 'hex');

type Ending = 'success' | 'error' | 'interrupted';

/**
 * Executes queued prompts one at a time in number order, emitting ComfyUI's events in ComfyUI's
 * order (protocol section 6): status, execution_start, execution_cached, then per node executing /
 * progress (+ a binary preview) / executed, then execution_success|_error|_interrupted, history,
 * status, and `executing {node: null}` last.
 */
export class DoubleRunner {
  readonly pending: QueuedPrompt[] = [];
  running: QueuedPrompt | null = null;
  runningNode: string | null = null;
  readonly history = new Map<string, HistoryEntry>();
  /** Stored files by `type/subfolder/filename`. */
  readonly files = new Map<string, Buffer>();
  private readonly counters = new Map<string, number>();
  private interruptRequested = false;
  private closed = false;
  private releaseHeldStep: (() => void) | null = null;

  constructor(
    private readonly sockets: DoubleSockets,
    private readonly faults: DoubleFaults,
    private readonly png: Buffer,
  ) {}

  enqueue(prompt: QueuedPrompt): void {
    this.pending.push(prompt);
    this.kick();
  }

  kick(): void {
    if (this.running || this.faults.paused || this.closed) return;
    this.pending.sort((a, b) => a.number - b.number);
    if (this.faults.runsBeforePause === 0) return;
    const next = this.pending.shift();
    if (!next) return;
    if (this.faults.runsBeforePause !== null) this.faults.runsBeforePause--;
    this.running = next;
    void this.execute(next).finally(() => {
      this.running = null;
      this.runningNode = null;
      this.kick();
    });
  }

  /** POST /interrupt: with an id, only if that prompt is the one running (PR #9607). */
  interrupt(promptId: string | null): void {
    if (this.running && (promptId === null || promptId === this.running.id)) this.interruptRequested = true;
  }

  deletePending(ids: string[]): void {
    for (const id of ids) {
      const index = this.pending.findIndex((prompt) => prompt.id === id);
      if (index >= 0) this.pending.splice(index, 1);
    }
  }

  queueRemaining(): number {
    return this.pending.length + (this.running ? 1 : 0);
  }

  /** Lets a sampler held by `holdAfterStep` go on. */
  releaseStep(): void {
    this.releaseHeldStep?.();
    this.releaseHeldStep = null;
  }

  close(): void {
    this.closed = true;
    this.releaseStep();
  }

  private async execute(item: QueuedPrompt): Promise<void> {
    const clientId = clientIdOf(item);
    const send = (type: string, data: Record<string, unknown>, toAll = false): void =>
      this.sockets.send(clientId, type, data, toAll);
    const messages: HistoryEntry['status']['messages'] = [];
    const note = (type: string, data: Record<string, unknown>, toAll = false): void => {
      const full = { ...data, prompt_id: item.id, timestamp: Date.now() };
      messages.push([type, full]);
      send(type, full, toAll);
    };
    const outputs: HistoryEntry['outputs'] = {};
    const executed: string[] = [];
    let ending: Ending = 'success';
    let dropped = false;
    this.interruptRequested = false;
    this.sockets.sendToAll('status', { status: { exec_info: { queue_remaining: this.queueRemaining() } } });
    note('execution_start', {});
    note('execution_cached', { nodes: [] });

    for (const [nodeId, node] of Object.entries(item.prompt)) {
      this.runningNode = nodeId;
      send('executing', { node: nodeId, display_node: nodeId, prompt_id: item.id });
      if (isSampler(node)) {
        const steps = typeof node.inputs.steps === 'number' ? node.inputs.steps : 3;
        for (let step = 1; step <= steps && !this.interruptRequested; step++) {
          await delay(this.faults.stepDelayMs);
          if (this.closed) return;
          if (this.interruptRequested) break;
          send('progress', { value: step, max: steps, prompt_id: item.id, node: nodeId }, true);
          this.sockets.sendPreview(clientId, this.png);
          if (step === this.faults.holdAfterStep) {
            await new Promise<void>((resolve) => (this.releaseHeldStep = resolve));
            if (this.closed) return;
          }
          if (this.faults.dropSocketMidRun && !dropped) {
            dropped = true;
            this.sockets.dropAll();
          }
        }
        const failure = this.faults.executionError;
        if (this.interruptRequested) {
          note('execution_interrupted', { node_id: nodeId, node_type: node.class_type, executed }, true);
          ending = 'interrupted';
        } else if (failure !== null) {
          note('execution_error', {
            node_id: nodeId,
            node_type: node.class_type,
            executed,
            exception_message: `${failure}\n`,
            exception_type: /out of memory/i.test(failure) ? 'torch.OutOfMemoryError' : 'RuntimeError',
            traceback: ['  File "execution.py", line 1, in execute\n'],
            current_inputs: {},
            current_outputs: {},
          });
          ending = 'error';
        }
        if (ending !== 'success') break;
      }
      const output = this.save(node);
      if (output) {
        outputs[nodeId] = output;
        send('executed', { node: nodeId, display_node: nodeId, output, prompt_id: item.id });
      }
      executed.push(nodeId);
    }

    if (ending === 'success') note('execution_success', {});
    // History is written after execution_success, the prompt leaving the queue with it, and only
    // then come `status` and `executing null` (protocol section 6): a lag delays all of that.
    if (this.faults.historyLagMs) await delay(this.faults.historyLagMs);
    if (!this.faults.emptyHistory) {
      const status = {
        status_str: ending === 'success' ? 'success' : 'error',
        completed: ending === 'success',
        messages,
      } as const;
      this.history.set(item.id, { prompt: queueItem(item), outputs, status, meta: {} });
    }
    // A dropped socket stays refused for the rest of the run only: the run's end must be found by polling.
    if (dropped) this.sockets.allow();
    this.running = null;
    this.sockets.sendToAll('status', { status: { exec_info: { queue_remaining: this.queueRemaining() } } });
    send('executing', { node: null, prompt_id: item.id });
  }

  /**
   * SaveImage-like nodes write `<prefix>_00001_.png` (counter per prefix); PreviewImage writes temp.
   * VideoHelperSuite's VHS_VideoCombine lists its video under `gifs`, as temp when save_output is
   * false (protocol section 9); the core video nodes list theirs under `images`; SaveAudio lists a
   * `.flac` under `audio`.
   */
  private save(node: GraphNode): Record<string, unknown> | null {
    if (!isOutputNode(node)) return null;
    const combine = node.class_type === 'VHS_VideoCombine';
    const temp = node.class_type === 'PreviewImage' || (combine && node.inputs.save_output === false);
    const prefix = temp ? 'ComfyUI_temp' : String(node.inputs.filename_prefix ?? 'ComfyUI');
    const subfolder = path.posix.dirname(prefix) === '.' ? '' : path.posix.dirname(prefix);
    const base = path.posix.basename(prefix);
    const counter = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, counter);
    const video = isVideoNode(node);
    const audio = node.class_type === 'SaveAudio';
    const filename = `${base}_${String(counter).padStart(5, '0')}_.${video ? 'webm' : audio ? 'flac' : 'png'}`;
    const type = temp ? 'temp' : 'output';
    this.files.set(`${type}/${subfolder}/${filename}`, video ? WEBM_BYTES : audio ? FLAC_BYTES : this.png);
    if (audio) return { audio: [{ filename, subfolder, type }] };
    if (combine) {
      const frameRate = node.inputs.frame_rate ?? 8;
      return { gifs: [{ filename, subfolder, type, format: 'video/webm', frame_rate: frameRate, workflow: null }] };
    }
    const images = [{ filename, subfolder, type }];
    return video ? { images, animated: [true] } : { images };
  }
}
