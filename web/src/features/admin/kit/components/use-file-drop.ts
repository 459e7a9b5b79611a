import { type DragEvent, useState } from 'react';

/**
 * A zone that takes one dropped file: whether a file is being dragged over it (to mark it), and
 * the drag handlers to spread on it. While `disabled` the zone refuses the drop.
 */
export function useFileDrop(onFile: (file: File) => void, disabled = false) {
  const [dragging, setDragging] = useState(false);
  const dropHandlers = {
    onDragOver: (event: DragEvent) => {
      if (disabled || !event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file && !disabled) onFile(file);
    },
  };
  return { dragging, dropHandlers };
}
