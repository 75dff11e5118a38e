import { Box, type BoxProps } from '@mui/material';

/** A flex box (MUI 9 dropped the system props of Stack): direction, gap, alignment and wrapping. */
export function Flex({
  direction = 'column',
  gap,
  alignItems,
  justifyContent,
  flexWrap,
  sx,
  ...rest
}: Omit<BoxProps, 'gap' | 'alignItems' | 'justifyContent' | 'flexWrap'> & {
  direction?: 'row' | 'column';
  gap?: number;
  alignItems?: string;
  justifyContent?: string;
  flexWrap?: 'wrap' | 'nowrap';
}) {
  return <Box {...rest} sx={{ display: 'flex', flexDirection: direction, gap, alignItems, justifyContent, flexWrap, ...(sx as object) }} />;
}
