'A-9': {
    # road tokens: '╴', '╶', '╵', '╷', '─', '│', '┌', '┐', '┘', '└', '├', '┤', '┬', '┴', '┼'
    'Roads': "╷     ╷\n"  # 0
             "├─┬─┬─┤\n"  # 1
             "│ │ │ │\n"  # 2
             "├─┤ ├─┤\n"  # 3
             "│ ├─┤ │\n"  # 4
             "├─┤ ├─┤\n"  # 5
             "│ │ │ │\n"  # 6
             "├─┴─┴─┤\n"  # 7
             "╵     ╵",   # 8
    'Trucks': [
        Truck(0, Color.Red, Dir.Up, (8, 0)),
        Truck(1, Color.Yellow, Dir.Up, (8, 6))
    ],
    'Items': {
        Color.Red: [(3, 2), (5, 2)],
        Color.Yellow: [(5, 4)],
    },
    'Cargos': {
        Color.Red: [(0, 0), (1, 3)],
        Color.Yellow: [(0, 6)],
    }
},
