import { Box, Heading, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface RankingColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /**
   * Left out on a phone, where four columns would squeeze the names: its figure is then said in
   * words under the name ("5 completed"), the left-out columns' texts joined.
   */
  phoneText?: (row: Row) => string;
}

interface RankingTableProps<Row> {
  id: string;
  title: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: readonly RankingColumn<Row>[];
  empty: string;
}

/** A titled top-N table; the first column holds the name and takes the spare width. */
export function RankingTable<Row>({ id, title, rows, rowKey, columns, empty }: RankingTableProps<Row>) {
  const phoneOnly = columns.flatMap((column) => (column.phoneText ? [column.phoneText] : []));
  const phoneLine = (row: Row) => phoneOnly.map((text) => text(row)).join(', ');
  return (
    <Box as="section" aria-labelledby={id} bg="bg" borderWidth="1px" rounded="l3" p={{ base: 4, md: 5 }} minW={0}>
      <Heading as="h2" id={id} size="md" mb={3}>
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {empty}
        </Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-labelledby={id}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w={8}>#</Table.ColumnHeader>
                {columns.map((column) => (
                  <Table.ColumnHeader
                    key={column.header}
                    textAlign={column.numeric ? 'end' : 'start'}
                    hideBelow={column.phoneText ? 'sm' : undefined}
                  >
                    {column.header}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row, index) => (
                <Table.Row key={rowKey(row)}>
                  <Table.Cell color="fg.muted">{index + 1}</Table.Cell>
                  {columns.map((column, columnIndex) => (
                    <Table.Cell
                      key={column.header}
                      textAlign={column.numeric ? 'end' : 'start'}
                      hideBelow={column.phoneText ? 'sm' : undefined}
                      whiteSpace={columnIndex === 0 ? 'normal' : 'nowrap'}
                      overflowWrap={columnIndex === 0 ? 'anywhere' : undefined}
                      minW={columnIndex === 0 ? '7rem' : undefined}
                      fontWeight={columnIndex === 0 ? 'medium' : undefined}
                    >
                      {column.cell(row)}
                      {columnIndex === 0 && phoneOnly.length > 0 && (
                        <Text
                          as="span"
                          display="block"
                          hideFrom="sm"
                          fontSize="xs"
                          color="fg.muted"
                          fontWeight="normal"
                        >
                          {phoneLine(row)}
                        </Text>
                      )}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}
