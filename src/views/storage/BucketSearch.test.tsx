// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BucketSearchBox, SEARCH_DEBOUNCE_MS } from './BucketSearch.tsx';

afterEach(() => vi.useRealTimers());

describe('bucket search box (issue 14)', () => {
  it('asks once typing paused, with the trimmed text; clearing answers at once', () => {
    vi.useFakeTimers();
    const onQuery = vi.fn();
    render(<BucketSearchBox bucketId="docs" onQuery={onQuery} />);
    onQuery.mockClear(); // the empty box's first answer
    const box = screen.getByRole('searchbox', { name: 'Search files in this bucket' });
    for (const text of ['r', 're', 'rep', ' report ']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    }
    expect(onQuery).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(onQuery.mock.calls).toEqual([['report']]);
    fireEvent.change(box, { target: { value: '' } });
    expect(onQuery.mock.calls.at(-1)).toEqual(['']);
  });

  it('a new bucket starts with an empty box', () => {
    const onQuery = vi.fn();
    const { rerender } = render(<BucketSearchBox bucketId="docs" onQuery={onQuery} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'x' } });
    rerender(<BucketSearchBox bucketId="other" onQuery={onQuery} />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });
});
