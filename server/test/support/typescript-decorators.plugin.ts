import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * Vite's own TypeScript transform drops decorator metadata, which Nest's dependency injection and
 * TypeORM read. This compiles server sources with TypeScript itself first, as `tsc` does for the
 * build, so tests run the same emitted code.
 */
export function typescriptDecorators(): Plugin {
  return {
    name: 'atelier:typescript-decorators',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('.ts') || id.includes('/node_modules/') || !code.includes('@')) return null;
      const out = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: {
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.ESNext,
          experimentalDecorators: true,
          emitDecoratorMetadata: true,
          sourceMap: true,
          inlineSources: true,
        },
      });
      return { code: out.outputText, map: out.sourceMapText ?? null };
    },
  };
}
