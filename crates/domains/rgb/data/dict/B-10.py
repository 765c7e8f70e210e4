'B-10': {
    # road tokens: '╴', '╶', '╵', '╷', '─', '│', '┌', '┐', '┘', '└', '├', '┤', '┬', '┴', '┼'
    'Roads': "╷ ╷   ╷ ╷\n"  # 0
             "│ ├─┬─┤ │\n"  # 1
             "│ │ │ │ │\n"  # 2
             "│ ├─┼─┤ │\n"  # 3
             "│ │ │ │ │\n"  # 4
             "└─┼─┼─┼─┘\n"  # 5
             "  │ │ │  \n"  # 6
             "  └─┴─┘  ",   # 7
    'Trucks': [
        Truck(0, Color.Red, Dir.Down, (0, 0)),
        Truck(1, Color.Green, Dir.Down, (0, 8))
    ],
    'Items': {
        Color.Red: [(3, 3), (7, 4)],
        Color.Green: [(5, 4)],
    },
    'Cargos': {
        Color.Red: [(0, 6), (3, 5)],
        Color.Green: [(0, 2)],
    }
},
